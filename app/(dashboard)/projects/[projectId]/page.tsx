import type { Metadata } from 'next';
import { ProjectSetup } from '@/components/projects/project-setup';

export const metadata: Metadata = { title: 'Set up' };

export default async function ProjectSetupPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ProjectSetup projectId={projectId} />;
}

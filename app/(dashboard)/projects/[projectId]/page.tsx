import type { Metadata } from 'next';
import { ProjectSetup } from '@/components/projects/project-setup';
import { projectName } from '@/lib/dashboard/page-titles';

type Params = { params: Promise<{ projectId: string }> };

/** The project layout's title template reaches only the segments below it, not this page beside it. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const name = await projectName((await params).projectId);
  return { title: name ? { absolute: `Set up · ${name} · Tracker` } : 'Set up' };
}

export default async function ProjectSetupPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ProjectSetup projectId={projectId} />;
}

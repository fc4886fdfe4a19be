import type { Metadata } from 'next';
import { ReleasesView } from '@/components/releases/releases-view';

export const metadata: Metadata = { title: 'Releases' };

export default async function ReleasesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ReleasesView projectId={projectId} />;
}

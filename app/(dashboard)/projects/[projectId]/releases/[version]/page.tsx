import type { Metadata } from 'next';
import { ReleaseDetailView } from '@/components/releases/releases-view';

export const metadata: Metadata = { title: 'Release' };

export default async function ReleasePage({ params }: { params: Promise<{ projectId: string; version: string }> }) {
  const { projectId, version } = await params;
  return <ReleaseDetailView projectId={projectId} version={decodeURIComponent(version)} />;
}

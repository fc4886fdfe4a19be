import type { Metadata } from 'next';
import { ReleaseDetailView } from '@/components/releases/releases-view';

type Params = { params: Promise<{ projectId: string; version: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Release ${decodeURIComponent((await params).version)}` };
}

export default async function ReleasePage({ params }: { params: Promise<{ projectId: string; version: string }> }) {
  const { projectId, version } = await params;
  return <ReleaseDetailView projectId={projectId} version={decodeURIComponent(version)} />;
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReplaysView } from '@/components/replays/replays-view';

export const metadata: Metadata = { title: 'Replays' };

export default async function ReplaysPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <ReplaysView projectId={projectId} />
    </Suspense>
  );
}

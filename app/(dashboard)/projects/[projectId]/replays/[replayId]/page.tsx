import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReplayView } from '@/components/replays/replay-view';

export const metadata: Metadata = { title: 'Replay' };

export default async function ReplayPage({ params }: { params: Promise<{ projectId: string; replayId: string }> }) {
  const { projectId, replayId } = await params;
  return (
    <Suspense>
      <ReplayView projectId={projectId} replayId={replayId} />
    </Suspense>
  );
}

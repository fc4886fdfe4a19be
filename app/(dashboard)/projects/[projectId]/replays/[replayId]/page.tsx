import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReplayView } from '@/components/replays/replay-view';
import { PreloadApi } from '@/components/dashboard/preload-api';

export const metadata: Metadata = { title: 'Replay' };

export default async function ReplayPage({ params }: { params: Promise<{ projectId: string; replayId: string }> }) {
  const { projectId, replayId } = await params;
  const replay = `/api/v1/projects/${encodeURIComponent(projectId)}/replays/${encodeURIComponent(replayId)}`;
  return (
    <Suspense>
      {/* useReplay's and useRecording's keys (lib/swr/use-replays.ts). */}
      <PreloadApi paths={[replay, `${replay}/recording`]} />
      <ReplayView projectId={projectId} replayId={replayId} />
    </Suspense>
  );
}

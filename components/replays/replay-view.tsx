'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { deleteReplay, useRecording, useReplay, type ReplayDetail } from '@/lib/swr/use-replays';
import { buildTimeline, formatOffset } from '@/lib/replays/timeline';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useAction } from '@/components/ui/use-action';
import { loadReplayer, ReplayPlayer, type SeekRequest } from './replay-player';
import { ConsolePanel, ErrorsPanel, FeedbackPanel, NetworkPanel, TracesPanel } from './replay-panels';
import { formatDateTime } from '@/lib/text/date-format';

/** One replay: the player with its timeline, the errors it saw, its feedback, the console and network beside it. */
export function ReplayView({ projectId, replayId }: { projectId: string; replayId: string }) {
  const { replay, error, isLoading } = useReplay(projectId, replayId);
  const { events, error: recordingError } = useRecording(projectId, replayId);
  const at = Number(useSearchParams().get('at'));
  // The player's code downloads while the replay and its recording load, not after.
  useEffect(() => void loadReplayer().catch(() => {}), []);
  if (error) return <ErrorState error={error} title="Could not load this replay" />;
  if (isLoading || !replay) return <LoadingState label="Loading the replay" />;
  return (
    <div className="space-y-6">
      <ReplayHeader projectId={projectId} replay={replay} />
      {recordingError ? (
        <ErrorState error={recordingError} title="Could not load the recording" />
      ) : !events ? (
        <LoadingState label="Loading the recording" />
      ) : events.length === 0 ? (
        <Card className="p-6 text-sm text-fg-secondary">
          This replay has no recording stored (its segments were refused or have aged out).
        </Card>
      ) : (
        <ReplayBody
          projectId={projectId}
          replay={replay}
          events={events}
          atMs={Number.isFinite(at) && at > 0 ? at : null}
        />
      )}
    </div>
  );
}

/** Who, where and on what, and Delete. */
function ReplayHeader({ projectId, replay }: { projectId: string; replay: ReplayDetail }) {
  const router = useRouter();
  const { busy, error, run } = useAction();
  const list = `/projects/${encodeURIComponent(projectId)}/replays`;
  const facts = [
    formatDateTime(replay.startedAt, { precision: 'second' }),
    formatOffset(replay.durationMs),
    replay.browser,
    replay.os,
    replay.device,
    replay.release,
    replay.environment,
  ].filter(Boolean);
  async function remove() {
    if (!window.confirm('Delete this replay and its recording? This cannot be undone.')) return;
    await run(async () => {
      await deleteReplay(projectId, replay.id);
      router.push(list);
    });
  }
  return (
    <PageHeader
      back={{ href: list, label: 'Replays' }}
      title={replay.userDisplay ?? 'Anonymous user'}
      actions={
        <div className="text-right">
          <Button variant="danger-ghost" loading={busy} onClick={remove}>
            Delete replay
          </Button>
          <FormError message={error} className="mt-1" />
        </div>
      }
    >
      <p className="mt-1 truncate text-sm text-fg-secondary" title={replay.url ?? undefined}>
        {replay.url ?? 'No page recorded'}
      </p>
      <p className="mt-1 text-sm text-fg-muted" data-testid="replay-facts">
        {facts.join(' · ')}
      </p>
    </PageHeader>
  );
}

function ReplayBody({
  projectId,
  replay,
  events,
  atMs,
}: {
  projectId: string;
  replay: ReplayDetail;
  events: unknown[];
  atMs: number | null;
}) {
  const timeline = useMemo(() => buildTimeline(events, replay.errors), [events, replay.errors]);
  // ?at=<epoch ms> opens the player at that moment (an error's), a second before it.
  const first = atMs === null ? 0 : Math.max(0, atMs - timeline.startMs - 1000);
  const [seek, setSeek] = useState<SeekRequest>({ offsetMs: first, n: 0 });
  const go = (offsetMs: number) => setSeek((s) => ({ offsetMs, n: s.n + 1 }));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <ReplayPlayer events={events} markers={timeline.markers} seek={seek} />
      <div className="space-y-4">
        <ErrorsPanel projectId={projectId} replay={replay} timeline={timeline} go={go} />
        <FeedbackPanel projectId={projectId} replayId={replay.id} />
        <ConsolePanel timeline={timeline} go={go} />
        <NetworkPanel timeline={timeline} go={go} pageUrl={replay.url} />
        {replay.traceIds.length > 0 && <TracesPanel traceIds={replay.traceIds} />}
      </div>
    </div>
  );
}

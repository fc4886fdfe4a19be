'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { deleteReplay, useRecording, useReplay, type ReplayDetail } from '@/lib/swr/use-replays';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TraceLink } from '@/components/traces/trace-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { buildTimeline, formatOffset, type Timeline } from '@/lib/replays/timeline';
import { ReplayPlayer, type SeekRequest } from './replay-player';
import { issueHref } from '@/lib/swr/use-issues';

/** One replay: the player with its timeline, the errors it saw, the console and network beside it. */
export function ReplayView({ projectId, replayId }: { projectId: string; replayId: string }) {
  const { replay, error, isLoading } = useReplay(projectId, replayId);
  const { events, error: recordingError } = useRecording(projectId, replayId);
  const at = Number(useSearchParams().get('at'));
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

function ReplayHeader({ projectId, replay }: { projectId: string; replay: ReplayDetail }) {
  const router = useRouter();
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const facts = [
    new Date(replay.startedAt).toLocaleString(),
    formatOffset(replay.durationMs),
    replay.browser,
    replay.os,
    replay.device,
    replay.release,
    replay.environment,
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm">
          <Link href={`/projects/${encodeURIComponent(projectId)}/replays`} className="text-link hover:underline">
            Replays
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{replay.userDisplay ?? 'Anonymous user'}</h1>
        <p className="mt-1 truncate text-sm text-fg-secondary" title={replay.url ?? undefined}>
          {replay.url ?? 'No page recorded'}
        </p>
        <p className="mt-1 text-sm text-fg-muted" data-testid="replay-facts">
          {facts.join(' · ')}
        </p>
      </div>
      <div className="text-right">
        <Button
          variant="danger-ghost"
          loading={deleting}
          onClick={async () => {
            if (!window.confirm('Delete this replay and its recording? This cannot be undone.')) return;
            setDeleting(true);
            try {
              await deleteReplay(projectId, replay.id);
              router.push(`/projects/${encodeURIComponent(projectId)}/replays`);
            } catch (err) {
              setProblem((err as Error).message);
              setDeleting(false);
            }
          }}
        >
          Delete replay
        </Button>
        {problem && (
          <p role="alert" className="mt-1 text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
    </div>
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
        <ConsolePanel timeline={timeline} go={go} />
        <NetworkPanel timeline={timeline} go={go} />
        {replay.traceIds.length > 0 && (
          <Panel title="Traces">
            <ul className="space-y-1 text-sm">
              {replay.traceIds.slice(0, 10).map((t) => (
                <li key={t}>
                  <TraceLink traceId={t}>
                    <span className="font-mono text-xs">{t}</span>
                  </TraceLink>
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </div>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      <div className="mt-2">{children}</div>
    </Card>
  );
}

const Time = ({ offsetMs, go }: { offsetMs: number; go: (ms: number) => void }) => (
  <button
    type="button"
    className="shrink-0 font-mono text-xs text-link tabular-nums hover:underline"
    onClick={() => go(offsetMs)}
    title="Play from here"
  >
    {formatOffset(offsetMs)}
  </button>
);

function ErrorsPanel({
  projectId,
  replay,
  timeline,
  go,
}: {
  projectId: string;
  replay: ReplayDetail;
  timeline: Timeline;
  go: (ms: number) => void;
}) {
  const missing = replay.countErrors - replay.errors.length;
  return (
    <Panel title={`Errors (${replay.countErrors})`}>
      {replay.errors.length === 0 && missing === 0 ? (
        <p className="text-sm text-fg-muted">No error happened during this replay.</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="replay-errors">
          {replay.errors.map((e) => (
            <li key={e.eventId} className="flex items-baseline gap-2">
              <Time offsetMs={Math.max(0, Date.parse(e.timestamp) - timeline.startMs)} go={go} />
              <Link
                href={issueHref(projectId, e.issueId)}
                className="min-w-0 break-words text-link underline-offset-2 hover:underline"
              >
                {e.title}
              </Link>
            </li>
          ))}
          {missing > 0 && (
            <li className="text-fg-muted">
              {missing} more the SDK listed {missing === 1 ? 'was' : 'were'} not stored (filtered, sampled or over
              quota).
            </li>
          )}
        </ul>
      )}
    </Panel>
  );
}

const LEVEL_STYLE: Record<string, string> = {
  error: 'text-danger',
  warn: 'text-warning-fg',
  warning: 'text-warning-fg',
};

function ConsolePanel({ timeline, go }: { timeline: Timeline; go: (ms: number) => void }) {
  return (
    <Panel title={`Console (${timeline.console.length})`}>
      {timeline.console.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing logged to the console.</p>
      ) : (
        <ol className="max-h-64 space-y-1 overflow-y-auto text-xs" data-testid="replay-console">
          {timeline.console.map((c, i) => (
            <li key={i} className="flex items-baseline gap-2">
              <Time offsetMs={c.offsetMs} go={go} />
              <span className={cn('min-w-0 font-mono break-words', LEVEL_STYLE[c.level])}>{c.message}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function NetworkPanel({ timeline, go }: { timeline: Timeline; go: (ms: number) => void }) {
  return (
    <Panel title={`Network (${timeline.network.length})`}>
      {timeline.network.length === 0 ? (
        <p className="text-sm text-fg-muted">No fetch or XHR request recorded.</p>
      ) : (
        <ol className="max-h-64 space-y-1 overflow-y-auto text-xs" data-testid="replay-network">
          {timeline.network.map((n, i) => (
            <li key={i} className="flex items-baseline gap-2">
              <Time offsetMs={n.offsetMs} go={go} />
              <span className="shrink-0 font-semibold">{n.method}</span>
              <span className="min-w-0 truncate font-mono" title={n.url}>
                {n.url}
              </span>
              <span className={cn('ml-auto shrink-0 tabular-nums', (n.status ?? 0) >= 400 && 'text-danger')}>
                {n.status ?? '—'}
                {n.durationMs !== null && ` · ${n.durationMs} ms`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

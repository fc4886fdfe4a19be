'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ReplayDetail } from '@/lib/swr/use-replays';
import { eventHref, issueHref } from '@/lib/swr/use-issues';
import { formatOffset, type Timeline } from '@/lib/replays/timeline';
import { useFeedbackInbox } from '@/lib/swr/use-feedback';
import { TraceLink } from '@/components/traces/trace-link';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { hostOf, pathAndQuery } from '@/lib/text/url-parts';

type Go = (offsetMs: number) => void;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      <div className="mt-2">{children}</div>
    </Card>
  );
}

const Time = ({ offsetMs, go }: { offsetMs: number; go: Go }) => (
  <button
    type="button"
    className="shrink-0 font-mono text-xs text-link tabular-nums hover:underline"
    onClick={() => go(offsetMs)}
    title="Play from here"
  >
    {formatOffset(offsetMs)}
  </button>
);

/**
 * The errors the replay saw, each at its moment by its own message (#60) linked to its event, and its issue; those not
 * stored are counted.
 */
export function ErrorsPanel({
  projectId,
  replay,
  timeline,
  go,
}: {
  projectId: string;
  replay: ReplayDetail;
  timeline: Timeline;
  go: Go;
}) {
  const missing = replay.countErrors - replay.errors.length;
  return (
    <Panel title={`Errors (${replay.countErrors})`}>
      {replay.errors.length === 0 && missing === 0 ? (
        <p className="text-sm text-fg-muted">No error happened during this replay.</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="replay-errors">
          {replay.errors.map((e) => (
            <li key={e.eventId} className="flex items-baseline gap-2" data-testid="replay-error">
              <Time offsetMs={Math.max(0, Date.parse(e.timestamp) - timeline.startMs)} go={go} />
              <span className="min-w-0 break-words">
                <Link
                  href={eventHref(projectId, e.issueId, e.id)}
                  className="text-link underline-offset-2 hover:underline"
                  data-testid="replay-error-event"
                >
                  {e.title}
                </Link>
                {e.issueTitle !== e.title && (
                  <span className="block text-xs text-fg-muted">
                    in the issue{' '}
                    <Link href={issueHref(projectId, e.issueId)} className="underline-offset-2 hover:underline">
                      {e.issueTitle}
                    </Link>
                  </span>
                )}
              </span>
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

/** What the page logged, each line at its moment. */
export function ConsolePanel({ timeline, go }: { timeline: Timeline; go: Go }) {
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

/**
 * The page's fetch and XHR requests, each at its moment, by path and query (what tells them apart); another host than
 * the page's is named before the path. The whole URL is the title.
 */
export function NetworkPanel({ timeline, go, pageUrl }: { timeline: Timeline; go: Go; pageUrl: string | null }) {
  const pageHost = pageUrl ? hostOf(pageUrl) : null;
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
              <span className="min-w-0 truncate font-mono" title={n.url} data-testid="network-url">
                {hostOf(n.url) && hostOf(n.url) !== pageHost && <span className="text-fg-muted">{hostOf(n.url)}</span>}
                {pathAndQuery(n.url)}
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

/** The traces the replay's page took part in. */
export function TracesPanel({ traceIds }: { traceIds: string[] }) {
  return (
    <Panel title="Traces">
      <ul className="space-y-1 text-sm">
        {traceIds.slice(0, 10).map((t) => (
          <li key={t}>
            <TraceLink traceId={t}>
              <span className="font-mono text-xs">{t}</span>
            </TraceLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The feedback its user sent during the replay (#60), each linked to the piece in the Feedback inbox; none, no panel. */
export function FeedbackPanel({ projectId, replayId }: { projectId: string; replayId: string }) {
  const { page } = useFeedbackInbox(projectId, { status: 'all', replayId });
  if (!page?.feedback.length) return null;
  return (
    <Panel title={`Feedback (${page.feedback.length})`}>
      <ul className="space-y-1 text-sm" data-testid="replay-feedback">
        {page.feedback.map((f) => (
          <li key={f.id} className="min-w-0 break-words">
            <Link
              className="text-link underline-offset-2 hover:underline"
              href={`/projects/${encodeURIComponent(projectId)}/feedback?id=${encodeURIComponent(f.id)}`}
            >
              “{f.message.length > 120 ? `${f.message.slice(0, 119)}…` : f.message}”
            </Link>
            {f.name || f.email ? <span className="text-fg-muted"> {f.name ?? f.email}</span> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

'use client';

import Link from 'next/link';
import { ApiError } from '@/lib/swr/fetcher';
import { updateFeedback, type FeedbackEntry, type FeedbackStatus } from '@/lib/swr/use-feedback';
import type { Member } from '@/lib/swr/use-team';
import { RelativeTime } from '@/components/ui/relative-time';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { AttachmentList } from './attachment-list';
import { issueHref } from '@/lib/swr/use-issues';
import { ExternalLink } from '@/components/ui/external-link';
import { useAction } from '@/components/ui/use-action';
import { TextLink } from '@/components/ui/text-link';
import { TraceLink } from '@/components/traces/trace-link';
import { replayPageHref } from '@/components/replays/replay-link';

const SOURCES: Record<string, string> = {
  widget: 'feedback widget',
  api: 'captureFeedback',
  user_report: 'user report',
  crash_report_dialog: 'crash-report dialog',
};

/** Only a web address is a link: the SDK sends the page's location, which a sender could make a script URL. */
/** Where a piece of feedback can go from its current status. */
const MOVES: { status: FeedbackStatus; label: string; variant: 'secondary' | 'ghost' }[] = [
  { status: 'resolved', label: 'Resolve', variant: 'secondary' },
  { status: 'spam', label: 'Mark as spam', variant: 'ghost' },
  { status: 'new', label: 'Move to new', variant: 'ghost' },
];

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The page the feedback was sent from and the browser it was sent with (when known), as Sentry shows them; the
 * replay it was sent during and its trace (#60), linked when stored.
 */
function FeedbackOrigin({ projectId, f }: { projectId: string; f: FeedbackEntry }) {
  const browser = [f.browser, f.os].filter(Boolean).join(' on ');
  if (!f.url && !browser && !f.replayId && !f.traceId) return null;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="feedback-origin">
      {f.url && (
        <>
          <dt className="text-fg-muted">Page</dt>
          <dd className="min-w-0 font-mono text-xs leading-5 break-all" data-testid="feedback-url">
            {isWebUrl(f.url) ? <ExternalLink href={f.url}>{f.url}</ExternalLink> : f.url}
          </dd>
        </>
      )}
      {browser && (
        <>
          <dt className="text-fg-muted">Browser</dt>
          <dd className="min-w-0 break-words text-fg-secondary" data-testid="feedback-browser">
            {browser}
          </dd>
        </>
      )}
      {f.replayId && (
        <>
          <dt className="text-fg-muted">Replay</dt>
          <dd className="min-w-0" data-testid="feedback-replay">
            {f.replayStored ? (
              <TextLink href={replayPageHref(projectId, f.replayId, f.createdAt)}>▶ Watch replay</TextLink>
            ) : (
              <span className="text-fg-muted">Not received (the SDK did not send it, or it aged out)</span>
            )}
          </dd>
        </>
      )}
      {f.traceId && (
        <>
          <dt className="text-fg-muted">Trace</dt>
          <dd className="min-w-0" data-testid="feedback-trace">
            {f.traceStored ? (
              <TraceLink traceId={f.traceId} className="font-mono text-xs text-link hover:underline">
                {f.traceId.slice(0, 16)}
              </TraceLink>
            ) : (
              <span className="text-fg-muted">Nothing of it stored (tracing off, or sampled out)</span>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * One piece of feedback: who wrote what where, its screenshot, its issue (unless shown on that issue), and (when
 * `members` is given) triage.
 */
export function FeedbackCard({
  projectId,
  f,
  members,
  linkIssue = true,
}: {
  projectId: string;
  f: FeedbackEntry;
  members?: Member[];
  linkIssue?: boolean;
}) {
  const { busy, error, run } = useAction();
  const change = (body: { status?: FeedbackStatus; assigneeId?: string | null }) =>
    run(
      () => updateFeedback(projectId, f.id, body),
      (err) => (err instanceof ApiError ? err.summary() : 'Could not update the feedback.'),
    );
  const who = f.name ?? f.email ?? 'Anonymous';
  return (
    <Card className="space-y-3" data-testid="feedback" data-status={f.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          <span className="font-semibold">{who}</span>
          {f.name && f.email && <span className="text-fg-muted"> &lt;{f.email}&gt;</span>}
          <span className="text-fg-muted">
            {' '}
            via {SOURCES[f.source] ?? f.source} · <RelativeTime iso={f.createdAt} />
          </span>
        </p>
        {f.status !== 'new' && (
          <span className="rounded-full bg-surface-hover px-2 py-0.5 text-xs font-medium text-fg-secondary">
            {f.status}
          </span>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words" data-testid="feedback-message">
        {f.message}
      </p>
      <FeedbackOrigin projectId={projectId} f={f} />
      {linkIssue && f.issueId && (
        <p className="text-sm">
          <Link className="text-link underline" href={issueHref(projectId, f.issueId)}>
            Its issue
          </Link>
        </p>
      )}
      <AttachmentList attachments={f.attachments} label={`Attachments of the feedback from ${who}`} />
      {members && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`assignee-${f.id}`} className="text-sm font-medium">
            Assignee
          </label>
          <Select
            id={`assignee-${f.id}`}
            className="w-48"
            value={f.assignee?.id ?? ''}
            disabled={busy}
            onChange={(e) => void change({ assigneeId: e.target.value || null })}
          >
            <option value="">Nobody</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </Select>
          {MOVES.filter((m) => m.status !== f.status).map((m) => (
            <Button
              key={m.status}
              variant={m.variant}
              className="h-8 px-3"
              disabled={busy}
              onClick={() => void change({ status: m.status })}
            >
              {m.label}
            </Button>
          ))}
          {error && (
            <p role="alert" className="text-sm text-danger-fg">
              {error}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

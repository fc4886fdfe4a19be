'use client';

import Link from 'next/link';
import { EventAttachments } from '@/components/feedback/event-attachments';
import { IssueFeedback } from '@/components/feedback/issue-feedback';
import { useState, type ReactNode } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import type { IgnoreCondition, IssueStatusValue } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import {
  resolveInNextRelease,
  setIssueStatus,
  useIssue,
  useIssueStats,
  useIssueTags,
  type IgnoreConditionShown,
  type IssueWithEvents,
} from '@/lib/swr/use-issues';
import { useEvents } from '@/lib/swr/use-events';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { ErrorState, LoadError, LoadingState, Skeleton, isNotFound } from '@/components/ui/states';
import { Pagination } from '@/components/dashboard/pagination';
import { EventsChart } from '@/components/charts/events-chart';
import { LevelBadge, RegressedBadge, StatusBadge } from './badges';
import { EventDetails } from './event-details';
import { AssigneePicker, IssueActivity } from './issue-triage';
import { DeleteIssue } from './delete-issue';
import { IssueTags } from './issue-tags';
import { SuspectCommits } from './suspect-commits';
import { RelativeTime } from '@/components/ui/relative-time';
import { readEvent } from './event-shape';
import { ActionFeedback } from '@/components/ui/action-feedback';
import { useToast } from '@/components/ui/toast';

const ACTIONS: Record<IssueStatusValue, { label: string; variant: 'primary' | 'secondary'; done: string }> = {
  RESOLVED: { label: 'Resolve', variant: 'primary', done: 'Issue resolved' },
  IGNORED: { label: 'Ignore', variant: 'secondary', done: 'Issue ignored' },
  UNRESOLVED: { label: 'Unresolve', variant: 'secondary', done: 'Issue marked unresolved' },
};

/** "TypeError: x is undefined" → "TypeError": the title is built as "<type>: <value>". */
export function exceptionTypeOf(title: string) {
  const i = title.indexOf(': ');
  return i > 0 ? title.slice(0, i) : undefined;
}

export function issuesHref(projectId: string) {
  return `/projects/${encodeURIComponent(projectId)}/issues`;
}

export function IssueDetail({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { issue, error, isLoading } = useIssue(projectId, issueId);
  if (error) {
    return (
      <ErrorState
        error={error}
        title={isNotFound(error) ? 'Issue not found' : 'Could not load the issue'}
        action={
          <Link
            href={issuesHref(projectId)}
            className="text-sm font-medium text-danger-fg underline underline-offset-4"
          >
            Back to issues
          </Link>
        }
      />
    );
  }
  if (isLoading || !issue) return <LoadingState label="Loading issue" />;

  const latest = issue.events[0];
  const exceptionType = exceptionTypeOf(issue.title);
  // As Sentry's issue page: the header with triage, then the latest event (highlights, stack trace) first; the
  // issue's numbers, chart and tags beside it at desktop width (after it on a phone); feedback, events, activity below.
  return (
    <div className="space-y-6">
      <IssueHeader issue={issue} projectId={projectId} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {latest ? (
            <section aria-labelledby="latest-heading" className="space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="latest-heading" className="text-lg font-semibold">
                  Latest event
                </h2>
                <Link
                  href={`${issuesHref(projectId)}/${encodeURIComponent(issueId)}/events/${encodeURIComponent(latest.id)}`}
                  className="text-sm font-medium text-link hover:underline"
                >
                  Open this event
                </Link>
              </div>
              <EventDetails event={latest} exceptionType={exceptionType} />
              <EventAttachments projectId={projectId} eventId={latest.eventId} />
            </section>
          ) : (
            <Card>
              <p className="text-sm text-fg-muted">This issue has no stored events.</p>
            </Card>
          )}
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1" data-testid="issue-side">
          <IssueSeen issue={issue} projectId={projectId} />
          <SuspectCommits projectId={projectId} issueId={issueId} />
          <Card>
            <h2 className="mb-3 text-base font-semibold">Events per day</h2>
            <IssueChart projectId={projectId} issueId={issueId} />
          </Card>
          <IssueTags projectId={projectId} issueId={issueId} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <IssueFeedback projectId={projectId} issueId={issueId} />
          <EventsList projectId={projectId} issueId={issueId} />
          <IssueActivity projectId={projectId} issueId={issueId} />
          <DeleteIssue projectId={projectId} issue={issue} />
        </div>
      </div>
    </div>
  );
}

type Action = IssueStatusValue | 'NEXT_RELEASE';

/** The API's reason, with its field-level detail when there is one (e.g. no release seen yet). */
const failureOf = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fieldErrors())[0] ?? err.summary())
    : 'Could not update the issue. Try again.';

function IssueHeader({ issue, projectId }: { issue: IssueWithEvents; projectId: string }) {
  const [pending, setPending] = useState<Action>();
  const [actionError, setActionError] = useState<string>();
  const toast = useToast();

  async function change(action: Action) {
    const before = issue.status;
    setPending(action);
    setActionError(undefined);
    try {
      if (action === 'NEXT_RELEASE') await resolveInNextRelease(projectId, issue.id);
      else await setIssueStatus({ projectId, issueId: issue.id, status: action });
      // The toast is the visible (and politely announced) confirmation; Undo puts the old status back.
      toast.show({
        message:
          action === 'NEXT_RELEASE' ? 'Issue resolved until an event of a newer release arrives' : ACTIONS[action].done,
        undo: async () => {
          // The buttons wait for the undo, so the next action starts from the status it restored.
          setPending(before);
          try {
            await setIssueStatus({ projectId, issueId: issue.id, status: before });
          } catch (err) {
            toast.show({
              tone: 'error',
              message: err instanceof ApiError ? err.summary() : 'Could not undo. Try again.',
            });
          } finally {
            setPending(undefined);
          }
        },
      });
    } catch (err) {
      setActionError(failureOf(err));
    } finally {
      setPending(undefined);
    }
  }

  async function ignoreUntil(ignore: IgnoreCondition, label: string) {
    setPending('IGNORED');
    setActionError(undefined);
    try {
      await setIssueStatus({ projectId, issueId: issue.id, status: 'IGNORED', ignore });
      toast.show({ message: `Issue ignored ${label}` });
    } catch (err) {
      setActionError(failureOf(err));
    } finally {
      setPending(undefined);
    }
  }

  const next = (['RESOLVED', 'IGNORED', 'UNRESOLVED'] as const).filter((s) => s !== issue.status);
  const waitsForRelease = issue.status === 'RESOLVED' && issue.resolvedInRelease !== null;
  return (
    <header className="space-y-4">
      <Link href={issuesHref(projectId)} className="text-sm font-medium text-fg-muted hover:text-fg">
        ← Issues
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-96 space-y-2">
          <div className="flex items-center gap-2">
            <LevelBadge level={issue.level} />
            <StatusBadge status={issue.status} />
            <RegressedBadge regressedAt={issue.regressedAt} />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight break-words" data-testid="issue-title">
            {issue.title}
          </h1>
          {issue.culprit && (
            <p className="font-mono text-sm break-all text-fg-secondary" data-testid="issue-culprit">
              {issue.culprit}
            </p>
          )}
        </div>
        <IssueCounts issue={issue} projectId={projectId} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          {next.map((s) => (
            <Button
              key={s}
              variant={ACTIONS[s].variant}
              loading={pending === s}
              disabled={!!pending}
              onClick={() => change(s)}
            >
              {ACTIONS[s].label}
            </Button>
          ))}
          {!waitsForRelease && (
            <Button
              variant="secondary"
              loading={pending === 'NEXT_RELEASE'}
              disabled={!!pending}
              onClick={() => change('NEXT_RELEASE')}
            >
              Resolve in next release
            </Button>
          )}
          <IgnoreUntil disabled={!!pending} onPick={(ignore, label) => ignoreUntil(ignore, label)} />
        </div>
        <AssigneePicker projectId={projectId} issue={issue} />
      </div>
      {issue.ignoreCondition && (
        <p className="text-sm text-fg-secondary" data-testid="ignore-condition">
          Ignored {describeIgnore(issue.ignoreCondition)}: it comes back by itself then.
        </p>
      )}
      {waitsForRelease && (
        <p className="text-sm text-fg-secondary" data-testid="resolved-in-release">
          Resolved in the release after <span className="font-mono">{issue.resolvedInRelease}</span>: only an event of a
          newer release reopens it.
        </p>
      )}
      {issue.regressedAt && (
        <p className="text-sm text-fg-secondary" data-testid="regressed-note">
          Came back <RelativeTime iso={issue.regressedAt} /> after it was resolved.
        </p>
      )}
      <ActionFeedback announcement="" error={actionError} />
    </header>
  );
}

/** How many events and users, in the header as Sentry shows them; users come from the rollups. */
function IssueCounts({ issue, projectId }: { issue: IssueWithEvents; projectId: string }) {
  const { tags } = useIssueTags(projectId, issue.id);
  const counts: [string, string, string][] = [
    ['Events', issue.eventCount.toLocaleString('en-US'), 'issue-event-count'],
    ['Users', tags ? tags.users.toLocaleString('en-US') : '…', 'issue-users'],
  ];
  return (
    <dl className="flex shrink-0 gap-6">
      {counts.map(([label, value, testId]) => (
        <div key={label}>
          <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** When the issue was first and last seen, and in which releases. */
function IssueSeen({ issue, projectId }: { issue: IssueWithEvents; projectId: string }) {
  const rows: [string, ReactNode][] = [
    ['First seen', <RelativeTime key="f" iso={issue.firstSeen} />],
    [
      'First seen in',
      <ReleaseLink key="fr" projectId={projectId} version={issue.firstRelease} testId="issue-first-release" />,
    ],
    ['Last seen', <RelativeTime key="l" iso={issue.lastSeen} />],
    [
      'Last seen in',
      <ReleaseLink key="lr" projectId={projectId} version={issue.lastRelease} testId="issue-last-release" />,
    ],
  ];
  return (
    <Card>
      <section aria-labelledby="seen-heading" className="space-y-3">
        <h2 id="seen-heading" className="text-base font-semibold">
          Seen
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="min-w-0 font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

function ReleaseLink({ projectId, version, testId }: { projectId: string; version: string | null; testId: string }) {
  if (!version)
    return (
      <span data-testid={testId} className="text-fg-muted">
        No release
      </span>
    );
  return (
    <Link
      data-testid={testId}
      className="break-all hover:underline"
      href={`/projects/${encodeURIComponent(projectId)}/releases/${encodeURIComponent(version)}`}
    >
      {version}
    </Link>
  );
}

function IssueChart({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { stats, error, isLoading } = useIssueStats(projectId, issueId, 14);
  if (error) return <LoadError what="the chart" error={error} />;
  if (isLoading || !stats) return <Skeleton className="h-40" />;
  return <EventsChart buckets={stats.buckets} />;
}

function EventsList({ projectId, issueId }: { projectId: string; issueId: string }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('eventsPage'))) || 1);
  const { list, error, isLoading } = useEvents({ projectId, issueId, page });
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(params.toString());
    if (p > 1) q.set('eventsPage', String(p));
    else q.delete('eventsPage');
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };

  return (
    <section aria-labelledby="events-heading" className="@container space-y-3">
      <h2 id="events-heading" className="text-lg font-semibold">
        All events
      </h2>
      {error && !list ? (
        <ErrorState error={error} title="Could not load the events" />
      ) : isLoading || !list ? (
        <LoadingState label="Loading events" />
      ) : list.events.length === 0 ? (
        <Card>
          <p className="text-sm text-fg-muted">No events on this page.</p>
        </Card>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-line bg-surface shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Events of this issue, most recent first</caption>
            <thead className="border-b border-line text-xs font-medium tracking-wide text-fg-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Occurred
                </th>
                <th scope="col" className="px-2 py-2">
                  Message
                </th>
                <th scope="col" className="hidden px-2 py-2 @lg:table-cell">
                  User
                </th>
                <th scope="col" className="hidden px-2 py-2 @2xl:table-cell">
                  Release
                </th>
                <th scope="col" className="hidden px-2 py-2 @2xl:table-cell">
                  Environment
                </th>
                <th scope="col" className="hidden px-2 py-2 @4xl:table-cell">
                  Browser / OS
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line-subtle">
              {list.events.map((e) => {
                const { contexts, user } = readEvent(e);
                const env = [contexts?.browser?.name, contexts?.os?.name].filter(Boolean).join(' / ');
                const who = user?.email ?? user?.id;
                return (
                  <tr key={e.id} data-testid="event-row">
                    <td className="px-4 py-2.5 whitespace-nowrap">
                      <RelativeTime iso={e.timestamp} />
                    </td>
                    <td className="max-w-0 min-w-48 truncate px-2 py-2.5 font-mono text-xs" title={e.message}>
                      {e.message}
                    </td>
                    <td
                      className="hidden max-w-48 truncate px-2 py-2.5 text-fg-secondary @lg:table-cell"
                      title={who}
                      data-testid="event-user"
                    >
                      {who ?? '—'}
                    </td>
                    <td
                      className="hidden max-w-40 truncate px-2 py-2.5 font-mono text-xs text-fg-secondary @2xl:table-cell"
                      title={e.release ?? undefined}
                      data-testid="event-release"
                    >
                      {e.release ?? '—'}
                    </td>
                    <td
                      className="hidden max-w-32 truncate px-2 py-2.5 text-fg-secondary @2xl:table-cell"
                      data-testid="event-environment"
                    >
                      {e.environment ?? '—'}
                    </td>
                    <td className="hidden px-2 py-2.5 text-fg-secondary @4xl:table-cell">{env || '—'}</td>
                    <td className="px-4 py-2.5 text-right">
                      <Link
                        href={`${issuesHref(projectId)}/${encodeURIComponent(issueId)}/events/${encodeURIComponent(e.id)}`}
                        className="font-medium text-link hover:underline"
                        aria-label={`Open event of ${e.timestamp}`}
                      >
                        Open
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list && list.pagination.total > 0 && (
        <Pagination
          label="Event pages"
          page={list.pagination.page}
          pages={list.pagination.pages}
          total={list.pagination.total}
          noun="events"
          hrefFor={hrefFor}
        />
      )}
    </section>
  );
}

const IGNORE_CHOICES: [string, IgnoreCondition][] = [
  ['for 30 minutes', { minutes: 30 }],
  ['for 2 hours', { minutes: 120 }],
  ['for 24 hours', { minutes: 24 * 60 }],
  ['for a week', { minutes: 7 * 24 * 60 }],
  ['until 10 more events', { count: 10 }],
  ['until 100 more events in an hour', { count: 100, windowMinutes: 60 }],
  ['until 1,000 more events', { count: 1000 }],
  ['until 10 more users', { users: 10 }],
  ['until 100 more users', { users: 100 }],
];

/** Ignore with a condition: the issue comes back by itself when it is met. */
function IgnoreUntil({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (ignore: IgnoreCondition, label: string) => void;
}) {
  return (
    <Select
      aria-label="Ignore until"
      className="w-40"
      value=""
      disabled={disabled}
      onChange={(e) => {
        const choice = IGNORE_CHOICES[Number(e.target.value)];
        if (choice) onPick(choice[1], choice[0]);
      }}
    >
      <option value="">Ignore until…</option>
      {IGNORE_CHOICES.map(([label], i) => (
        <option key={label} value={i}>
          {label}
        </option>
      ))}
    </Select>
  );
}

function describeIgnore(c: IgnoreConditionShown): string {
  if ('until' in c) return `until ${new Date(c.until).toLocaleString()}`;
  if ('count' in c)
    return `until ${c.count.toLocaleString('en-US')} more events${c.windowMinutes ? ` within ${c.windowMinutes} minutes` : ''}`;
  return `until ${c.users.toLocaleString('en-US')} more users have it`;
}

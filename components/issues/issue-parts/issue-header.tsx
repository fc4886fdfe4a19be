'use client';

import Link from 'next/link';
import { useIssueTags, type IssueWithEvents, issuesHref } from '@/lib/swr/use-issues';
import { Button } from '@/components/ui/button';
import { ActionFeedback } from '@/components/ui/action-feedback';
import { RelativeTime } from '@/components/ui/relative-time';
import { LevelBadge, RegressedBadge, StatusBadge } from '../badges';
import { AssigneePicker } from '../triage/assignee-picker';
import { describeIgnore, IgnoreUntil } from './ignore-until';
import { ACTIONS, useIssueActions } from './use-issue-actions';

/** The issue's badges, title and culprit, its counts, and the triage buttons (resolve, ignore, assign). */
export function IssueHeader({ issue, projectId }: { issue: IssueWithEvents; projectId: string }) {
  const { pending, error, change, ignoreUntil } = useIssueActions(projectId, issue);
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
          <IgnoreUntil disabled={!!pending} onPick={ignoreUntil} />
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
      <ActionFeedback announcement="" error={error} />
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

'use client';

import { useActivity, type ActivityEntry } from '@/lib/swr/use-issues';
import { Card } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { LoadError, Skeleton } from '@/components/ui/states';
import { titleCase } from '../badges';
import { AssignmentReason, automaticAssignmentTitle } from '../assignment-reason';
import { CommentBody, CommentBox } from './comments';

/** The issue's timeline (status changes, assignments, comments) with the comment box. */
export function IssueActivity({ projectId, issueId }: { projectId: string; issueId: string }) {
  return (
    <Card className="space-y-6">
      <Timeline projectId={projectId} issueId={issueId} />
      <CommentBox projectId={projectId} issueId={issueId} />
    </Card>
  );
}

function describe(a: ActivityEntry): string {
  const automatic = automaticAssignmentTitle(a);
  if (automatic) return automatic;
  const who = a.actor?.name ?? 'Someone';
  switch (a.type) {
    case 'FIRST_SEEN':
      return 'First seen';
    case 'STATUS':
      // Without an actor: the ignore condition was met and the issue came back by itself.
      if (!a.actor && a.fromStatus === 'IGNORED')
        return 'Came back by itself: the condition it was ignored until was met';
      return `${who} marked it ${titleCase(a.toStatus ?? '').toLowerCase()}`;
    case 'REGRESSED':
      return 'Regressed: a new event arrived after it was resolved';
    case 'ASSIGNED':
      if (a.assigneeTeam) return `${who} assigned it to #${a.assigneeTeam.slug}`;
      return a.assignee
        ? a.assignee.id === a.actor?.id
          ? `${who} took it`
          : `${who} assigned it to ${a.assignee.name}`
        : `${who} unassigned it`;
    case 'COMMENT':
      return `${who} commented`;
    case 'MERGED':
      return a.actor ? `${who} merged another issue into this one` : 'Events of a merged issue were folded in';
  }
}

function Timeline({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { activity, error } = useActivity(projectId, issueId);
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-base font-semibold">
        Activity
      </h2>
      {error && <LoadError what="the activity" error={error} />}
      {!activity && !error && <Skeleton className="h-16" />}
      {activity && (
        <ol className="space-y-3 border-l border-line pl-4" data-testid="timeline">
          {activity.map((a) => (
            <li key={a.id} className="relative text-sm" data-testid="timeline-entry" data-type={a.type}>
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border border-line-strong bg-surface"
              />
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{describe(a)}</span>
                <RelativeTime iso={a.createdAt} className="text-xs text-fg-muted" />
              </p>
              <AssignmentReason entry={a} />
              {a.type === 'COMMENT' && a.comment && (
                <CommentBody projectId={projectId} issueId={issueId} comment={a.comment} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

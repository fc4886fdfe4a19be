'use client';

import Link from 'next/link';
import { EventAttachments } from '@/components/feedback/event-attachments';
import { IssueFeedback } from '@/components/feedback/issue-feedback';
import { useIssue, useIssueStats, eventHref, issuesHref } from '@/lib/swr/use-issues';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadError, LoadingState, Skeleton } from '@/components/ui/states';
import { EventsChart } from '@/components/charts/events-chart';
import { EventDetails } from './event-details';
import { IssueActivity } from './triage/activity';
import { DeleteIssue } from './delete-issue';
import { IssueTags } from './issue-tags';
import { SuspectCommits } from './suspect-commits';
import { IssueOwners } from './issue-owners';
import { exceptionTypeOf } from './event-shape';
import { IssueHeader } from './issue-parts/issue-header';
import { IssueSeen } from './issue-parts/issue-seen';
import { IssueEvents } from './issue-parts/issue-events';
import { IssueTickets } from '@/components/integrations/issue-tickets';

export function IssueDetail({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { issue, error, isLoading } = useIssue(projectId, issueId);
  if (error) {
    return (
      <ErrorState
        error={error}
        title="Could not load the issue"
        notFoundTitle="Issue not found"
        back={{ href: issuesHref(projectId), label: 'Back to issues' }}
      />
    );
  }
  if (isLoading || !issue) return <LoadingState label="Loading issue" />;

  const latest = issue.events[0];
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
                  href={eventHref(projectId, issueId, latest.id)}
                  className="text-sm font-medium text-link hover:underline"
                >
                  Open this event
                </Link>
              </div>
              <EventDetails event={latest} exceptionType={exceptionTypeOf(issue.title)} />
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
          <IssueOwners projectId={projectId} issueId={issueId} />
          <SuspectCommits projectId={projectId} issueId={issueId} />
          <Card>
            <h2 className="mb-3 text-base font-semibold">Events per day</h2>
            <IssueChart projectId={projectId} issueId={issueId} />
          </Card>
          <IssueTickets projectId={projectId} issueId={issueId} />
          <IssueTags projectId={projectId} issueId={issueId} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <IssueFeedback projectId={projectId} issueId={issueId} />
          <IssueEvents projectId={projectId} issueId={issueId} />
          <IssueActivity projectId={projectId} issueId={issueId} />
          <DeleteIssue projectId={projectId} issue={issue} />
        </div>
      </div>
    </div>
  );
}

function IssueChart({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { stats, error, isLoading } = useIssueStats(projectId, issueId, 14);
  if (error) return <LoadError what="the chart" error={error} />;
  if (isLoading || !stats) return <Skeleton className="h-40" />;
  return <EventsChart buckets={stats.buckets} />;
}

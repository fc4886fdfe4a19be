'use client';

import Link from 'next/link';
import { useEvent } from '@/lib/swr/use-events';
import { useIssue } from '@/lib/swr/use-issues';
import { ErrorState, LoadingState, isNotFound } from '@/components/dashboard/states';
import { EventDetails } from './event-details';
import { exceptionTypeOf, issuesHref } from './issue-detail';

/** One event of an issue, with the same details the issue page shows for the latest one. */
export function EventPage({ projectId, issueId, eventId }: { projectId: string; issueId: string; eventId: string }) {
  const { event, error, isLoading } = useEvent(projectId, issueId, eventId);
  const { issue } = useIssue(projectId, issueId);
  const issueHref = `${issuesHref(projectId)}/${encodeURIComponent(issueId)}`;

  if (error) {
    return (
      <ErrorState
        error={error}
        title={isNotFound(error) ? 'Event not found' : 'Could not load the event'}
        action={
          <Link href={issueHref} className="text-sm font-medium text-danger-fg underline underline-offset-4">
            Back to the issue
          </Link>
        }
      />
    );
  }
  if (isLoading || !event) return <LoadingState label="Loading event" />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href={issueHref} className="text-sm font-medium text-fg-muted hover:text-fg">
          ← {issue?.title ?? 'Issue'}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Event</h1>
        <p className="text-sm text-fg-muted">
          <time dateTime={event.timestamp}>{new Date(event.timestamp).toUTCString()}</time>
        </p>
      </div>
      <EventDetails event={event} exceptionType={issue ? exceptionTypeOf(issue.title) : undefined} />
    </div>
  );
}

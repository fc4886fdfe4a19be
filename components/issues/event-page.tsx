'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useEvent, useEventNeighbours, type TrackedEvent } from '@/lib/swr/use-events';
import { useIssue, eventHref, issueHref } from '@/lib/swr/use-issues';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CopyButton } from '@/components/ui/copy-button';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EventDetails } from './event-details';
import { EventAttachments } from '@/components/feedback/event-attachments';
import { TraceLink, traceIdOf } from '@/components/traces/trace-link';
import { exceptionTypeOf } from './event-shape';
import { useOrigin } from '@/components/ui/use-origin';
import { DateTime } from '@/components/ui/date-time';
import { downloadFile } from '@/components/ui/download-file';

/** One event of an issue, with the same details the issue page shows for the latest one. */
export function EventPage({ projectId, issueId, eventId }: { projectId: string; issueId: string; eventId: string }) {
  const { event, error, isLoading } = useEvent(projectId, issueId, eventId);
  const { issue } = useIssue(projectId, issueId);
  const back = issueHref(projectId, issueId);

  if (error) {
    return (
      <ErrorState
        error={error}
        title="Could not load the event"
        notFoundTitle="Event not found"
        back={{ href: back, label: 'Back to the issue' }}
      />
    );
  }
  if (isLoading || !event) return <LoadingState label="Loading event" />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href={back} className="text-sm font-medium break-words text-fg-muted hover:text-fg">
          ← {issue?.title ?? 'Issue'}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Event</h1>
        <p className="text-sm text-fg-muted">
          <DateTime iso={event.timestamp} precision="ms" />
        </p>
      </div>
      <EventToolbar projectId={projectId} issueId={issueId} event={event} />
      <EventDetails event={event} exceptionType={issue ? exceptionTypeOf(issue.title) : undefined} />
      <EventAttachments projectId={projectId} eventId={event.eventId} />
    </div>
  );
}

function StepLink({
  to,
  label,
  rel,
  testId,
  projectId,
  issueId,
}: {
  to: string | null;
  label: string;
  rel?: string;
  testId: string;
  projectId: string;
  issueId: string;
}) {
  const classes = cn(buttonClasses('secondary'), 'h-8 px-3 text-xs');
  if (!to) {
    return (
      <span
        aria-disabled="true"
        className={cn(classes, 'cursor-not-allowed border-line text-fg-muted hover:bg-surface')}
        data-testid={testId}
      >
        {label}
      </span>
    );
  }
  return (
    <Link href={eventHref(projectId, issueId, to)} rel={rel} className={classes} data-testid={testId}>
      {label}
    </Link>
  );
}

/** Oldest · Older · Newer · Latest, copy the id and a permalink, and the raw JSON to read or download. */
function EventToolbar({ projectId, issueId, event }: { projectId: string; issueId: string; event: TrackedEvent }) {
  const nav = useEventNeighbours(projectId, issueId, event.id);
  const [showRaw, setShowRaw] = useState(false);
  const origin = useOrigin();
  // What the event API answers, as it answers it.
  const raw = JSON.stringify(event, null, 2);
  const permalink = `${origin}${eventHref(projectId, issueId, event.id)}`;
  const step = { projectId, issueId };
  const traceId = traceIdOf(event.contexts);

  const download = () => downloadFile(`event-${event.id}.json`, raw, 'application/json');

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Events of this issue" className="flex flex-wrap gap-2">
          <StepLink
            {...step}
            to={nav && nav.oldestEventId !== event.id ? nav.oldestEventId : null}
            label="« Oldest"
            testId="event-oldest"
          />
          <StepLink {...step} to={nav?.previousEventId ?? null} rel="prev" label="‹ Older" testId="event-older" />
          <StepLink {...step} to={nav?.nextEventId ?? null} rel="next" label="Newer ›" testId="event-newer" />
          <StepLink
            {...step}
            to={nav && nav.latestEventId !== event.id ? nav.latestEventId : null}
            label="Latest »"
            testId="event-latest"
          />
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex items-center gap-1.5 text-xs text-fg-muted">
            ID{' '}
            <code className="font-mono text-fg" data-testid="event-id">
              {event.id}
            </code>
          </span>
          <CopyButton text={event.id} label="Copy ID" caption="Copy ID" />
          <CopyButton text={permalink} label="Copy link" caption="Copy link" />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={showRaw}
          aria-controls="raw-json"
          onClick={() => setShowRaw(!showRaw)}
          className={cn(buttonClasses('secondary'), 'h-8 px-3 text-xs')}
          data-testid="toggle-raw-json"
        >
          {showRaw ? 'Hide raw JSON' : 'Raw JSON'}
        </button>
        {traceId && (
          <TraceLink traceId={traceId} className={cn(buttonClasses('secondary'), 'h-8 px-3 text-xs')}>
            View trace
          </TraceLink>
        )}
        <button
          type="button"
          onClick={download}
          className={cn(buttonClasses('secondary'), 'h-8 px-3 text-xs')}
          data-testid="download-json"
        >
          Download JSON
        </button>
      </div>
      {showRaw && (
        <Card className="p-0">
          <pre
            id="raw-json"
            tabIndex={0}
            aria-label="Raw JSON of this event"
            className="max-h-[32rem] overflow-auto p-4 font-mono text-xs leading-5 text-fg focus-visible:outline-2 focus-visible:outline-focus"
            data-testid="raw-json"
          >
            {raw}
          </pre>
        </Card>
      )}
    </div>
  );
}

'use client';

import { useState } from 'react';
import { useFeedbackInbox, type FeedbackStatus } from '@/lib/swr/use-feedback';
import { useMembers } from '@/lib/swr/use-team';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Input } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { FeedbackCard } from './feedback-card';

const TABS: { status: FeedbackStatus; label: string }[] = [
  { status: 'new', label: 'New' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'spam', label: 'Spam' },
];

/** The project's Feedback inbox: new, resolved and spam, searched; each with its screenshot, issue and triage. */
export function FeedbackInbox({ projectId }: { projectId: string }) {
  const [status, setStatus] = useState<FeedbackStatus>('new');
  const [query, setQuery] = useState('');
  const { page, error, isLoading } = useFeedbackInbox(projectId, status, query.trim());
  const { members } = useMembers();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">User feedback</h1>
        <p className="mt-1 text-sm text-fg-secondary">
          What your users wrote: Sentry&apos;s feedback widget and <code>captureFeedback</code>, user reports, and the
          crash-report dialog (<code>Sentry.showReportDialog()</code>).
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Feedback status" className="flex gap-1">
          {TABS.map((t) => (
            <button
              key={t.status}
              role="tab"
              type="button"
              aria-selected={status === t.status}
              onClick={() => setStatus(t.status)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                status === t.status ? 'bg-surface-hover text-fg' : 'text-fg-secondary hover:text-fg',
              )}
            >
              {t.label}
              {page && ` (${page.counts[t.status]})`}
            </button>
          ))}
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor="feedback-search" className="sr-only">
            Search feedback
          </label>
          <Input
            id="feedback-search"
            type="search"
            placeholder="Search message, name, email, URL"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>
      {error ? (
        <ErrorState error={error} title="Could not load the feedback" />
      ) : isLoading || !page ? (
        <LoadingState label="Loading feedback" />
      ) : page.feedback.length === 0 ? (
        <EmptyState
          title={query ? 'No feedback matches' : `No ${status} feedback`}
          description="Feedback arrives from the widget, captureFeedback, user reports and the crash-report dialog."
        />
      ) : (
        <ul className="space-y-3" data-testid="feedback-list">
          {page.feedback.map((f) => (
            <li key={f.id}>
              <FeedbackCard projectId={projectId} f={f} members={members} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

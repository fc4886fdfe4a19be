'use client';

import { useState } from 'react';
import { useFeedbackInbox, type FeedbackStatus } from '@/lib/swr/use-feedback';
import { useMembers } from '@/lib/swr/use-team';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { FeedbackCard } from './feedback-card';
import { PageHeader } from '@/components/ui/page-header';

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
      <PageHeader
        title="User feedback"
        description={
          <>
            What your users wrote: Sentry&apos;s feedback widget and <code>captureFeedback</code>, user reports, and the
            crash-report dialog (<code>Sentry.showReportDialog()</code>).
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs
          label="Feedback status"
          tabs={TABS.map((t) => ({ value: t.status, label: page ? `${t.label} (${page.counts[t.status]})` : t.label }))}
          current={status}
          onChange={setStatus}
        />
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

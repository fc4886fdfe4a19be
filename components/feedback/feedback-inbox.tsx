'use client';

import { useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { TextLink } from '@/components/ui/text-link';
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

/**
 * The project's Feedback inbox: new, resolved and spam, searched; each with its screenshot, issue, replay, trace and
 * triage. `?id=` (the link in a feedback email, a replay's feedback) shows that one piece.
 */
export function FeedbackInbox({ projectId }: { projectId: string }) {
  const [status, setStatus] = useState<FeedbackStatus>('new');
  const [query, setQuery] = useState('');
  const only = useSearchParams().get('id') ?? undefined;
  const pathname = usePathname();
  const { page, error, isLoading } = useFeedbackInbox(projectId, { status, query: query.trim(), id: only });
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
      {only ? (
        <p className="text-sm text-fg-secondary" data-testid="feedback-one">
          One piece of feedback. <TextLink href={pathname}>All feedback</TextLink>
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs
            label="Feedback status"
            tabs={TABS.map((t) => ({
              value: t.status,
              label: page ? `${t.label} (${page.counts[t.status]})` : t.label,
            }))}
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
      )}
      {error ? (
        <ErrorState error={error} title="Could not load the feedback" />
      ) : isLoading || !page ? (
        <LoadingState label="Loading feedback" />
      ) : page.feedback.length === 0 ? (
        <EmptyState
          title={only ? 'This feedback is not here' : query ? 'No feedback matches' : `No ${status} feedback`}
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

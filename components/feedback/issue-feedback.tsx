'use client';

import { useIssueFeedback } from '@/lib/swr/use-feedback';
import { FeedbackCard } from './feedback-card';

/** What users wrote about this issue's events, when they wrote anything. */
export function IssueFeedback({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { feedback } = useIssueFeedback(projectId, issueId);
  if (!feedback?.length) return null;
  return (
    <section aria-labelledby="issue-feedback-heading" className="space-y-3" data-testid="issue-feedback">
      <h2 id="issue-feedback-heading" className="text-lg font-semibold">
        User feedback ({feedback.length})
      </h2>
      {feedback.map((f) => (
        <FeedbackCard key={f.id} projectId={projectId} f={f} linkIssue={false} />
      ))}
    </section>
  );
}

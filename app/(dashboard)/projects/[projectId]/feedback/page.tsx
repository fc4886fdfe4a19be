import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FeedbackInbox } from '@/components/feedback/feedback-inbox';

export const metadata: Metadata = { title: 'Feedback' };

export default async function FeedbackPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <FeedbackInbox projectId={projectId} />
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IssueDetail } from '@/components/issues/issue-detail';
import { LoadingState } from '@/components/dashboard/states';

export const metadata: Metadata = { title: 'Issue' };

export default async function IssuePage({ params }: { params: Promise<{ projectId: string; issueId: string }> }) {
  const { projectId, issueId } = await params;
  return (
    <Suspense fallback={<LoadingState label="Loading issue" />}>
      <IssueDetail projectId={projectId} issueId={issueId} />
    </Suspense>
  );
}

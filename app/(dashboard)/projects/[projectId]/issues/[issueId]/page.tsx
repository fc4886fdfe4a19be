import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IssueDetail } from '@/components/issues/issue-detail';
import { LoadingState } from '@/components/ui/states';
import { issueTitle } from '@/lib/dashboard/page-titles';

type Params = { params: Promise<{ projectId: string; issueId: string }> };

/** "TypeError: x is undefined · Checkout · Tracker" (the project's layout adds the rest). */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { projectId, issueId } = await params;
  return { title: (await issueTitle(projectId, issueId)) ?? 'Issue' };
}

export default async function IssuePage({ params }: { params: Promise<{ projectId: string; issueId: string }> }) {
  const { projectId, issueId } = await params;
  return (
    <Suspense fallback={<LoadingState label="Loading issue" />}>
      <IssueDetail projectId={projectId} issueId={issueId} />
    </Suspense>
  );
}

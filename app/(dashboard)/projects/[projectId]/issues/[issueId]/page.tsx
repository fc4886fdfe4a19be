import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IssueDetail } from '@/components/issues/issue-detail';
import { LoadingState } from '@/components/ui/states';
import { PreloadApi } from '@/components/dashboard/preload-api';
import { issueTitle } from '@/lib/dashboard/page-titles';

type Params = { params: Promise<{ projectId: string; issueId: string }> };

/** "TypeError: x is undefined · Checkout · Tracker" (the project's layout adds the rest). */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { projectId, issueId } = await params;
  return { title: (await issueTitle(projectId, issueId)) ?? 'Issue' };
}

export default async function IssuePage({ params }: { params: Promise<{ projectId: string; issueId: string }> }) {
  const { projectId, issueId } = await params;
  const issue = `/api/v1/projects/${encodeURIComponent(projectId)}/issues/${encodeURIComponent(issueId)}`;
  return (
    <Suspense fallback={<LoadingState label="Loading issue" />}>
      {/* useIssue's key (lib/swr/use-issues.ts). */}
      <PreloadApi paths={[`${issue}?expand=assignee`]} />
      <IssueDetail projectId={projectId} issueId={issueId} />
    </Suspense>
  );
}

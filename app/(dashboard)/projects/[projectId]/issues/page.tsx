import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IssueList } from '@/components/issues/issue-list';
import { LoadingState } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Issues' };

export default async function IssuesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense fallback={<LoadingState label="Loading issues" />}>
      <IssueList projectId={projectId} />
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PerformanceView } from '@/components/performance/performance-view';

export const metadata: Metadata = { title: 'Performance' };

export default async function PerformancePage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <PerformanceView projectId={projectId} />
    </Suspense>
  );
}

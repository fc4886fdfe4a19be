import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StatsView } from '@/components/stats/stats-view';

export const metadata: Metadata = { title: 'Stats' };

export default async function ProjectStatsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <StatsView projectId={projectId} />
    </Suspense>
  );
}

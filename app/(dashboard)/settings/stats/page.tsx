import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StatsView } from '@/components/stats/stats-view';

export const metadata: Metadata = { title: 'Stats' };

export default function OrganizationStatsPage() {
  return (
    <Suspense>
      <StatsView projectId={null} />
    </Suspense>
  );
}

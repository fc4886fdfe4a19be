import type { Metadata } from 'next';
import { InsightsView } from '@/components/insights/insights-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Caches · Insights' };

function CachesInsights({ projectId }: { projectId: string }) {
  return <InsightsView projectId={projectId} page="caches" />;
}

export default projectPage(CachesInsights);

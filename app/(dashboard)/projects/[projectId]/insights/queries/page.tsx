import type { Metadata } from 'next';
import { InsightsView } from '@/components/insights/insights-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Queries · Insights' };

function QueriesInsights({ projectId }: { projectId: string }) {
  return <InsightsView projectId={projectId} page="queries" />;
}

export default projectPage(QueriesInsights);

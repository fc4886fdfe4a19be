import type { Metadata } from 'next';
import { InsightsView } from '@/components/insights/insights-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Queues · Insights' };

function QueuesInsights({ projectId }: { projectId: string }) {
  return <InsightsView projectId={projectId} page="queues" />;
}

export default projectPage(QueuesInsights);

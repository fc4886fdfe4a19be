import type { Metadata } from 'next';
import { InsightsView } from '@/components/insights/insights-view';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Outbound HTTP · Insights' };

function OutboundHTTPInsights({ projectId }: { projectId: string }) {
  return <InsightsView projectId={projectId} page="http" />;
}

export default projectPage(OutboundHTTPInsights);

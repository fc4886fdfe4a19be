import { route } from '@/lib/http/route';
import { listMetricIncidents, serializeMetricIncident } from '@/lib/alerts/metric-rules';
import { projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  const incidents = await listMetricIncidents(tenant);
  return { message: 'Metric alert incidents fetched', data: incidents.map(serializeMetricIncident) };
});

import { route } from '@/lib/http/route';
import { projectMetricPoints } from '@/lib/metrics-store/metrics-api';
import { metricPointsQuery } from '@/lib/zod/metrics';
import { projectParams } from '@/lib/zod/projects';

// A project's raw metric points (#61), newest first: by metric, attribute and trace, paged by cursor.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: metricPointsQuery },
  async ({ tenant, query }) => ({ message: 'Success', data: await projectMetricPoints(tenant, query) }),
);

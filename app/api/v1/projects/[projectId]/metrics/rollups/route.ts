import { route } from '@/lib/http/route';
import { projectMetricRollups } from '@/lib/metrics-store/metrics-api';
import { metricRollupsQuery } from '@/lib/zod/metrics';
import { projectParams } from '@/lib/zod/projects';

// A metric's rollups per interval (#61): count, sum, avg, min, max, last and percentiles, grouped by up to 3 attributes.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: metricRollupsQuery },
  async ({ tenant, query }) => ({ message: 'Success', data: await projectMetricRollups(tenant, query) }),
);

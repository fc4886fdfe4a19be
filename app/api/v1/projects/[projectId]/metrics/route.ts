import { route } from '@/lib/http/route';
import { listProjectMetrics } from '@/lib/metrics-store/metrics-api';
import { listMetricsQuery } from '@/lib/zod/metrics';
import { projectParams } from '@/lib/zod/projects';

// The project's metrics (#61): each name with its type, unit, series count, attribute keys and last day seen.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listMetricsQuery },
  async ({ tenant, query }) => ({ message: 'Success', data: await listProjectMetrics(tenant, query) }),
);

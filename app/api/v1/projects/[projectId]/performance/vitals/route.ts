import { route } from '@/lib/http/route';
import { webVitals } from '@/lib/performance/web-vitals';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: performanceQuery },
  async ({ tenant, params, query }) => {
    const data = await webVitals({
      orgId: tenant.orgId,
      projectId: params.projectId,
      days: query.days,
      environment: query.environment,
    });
    return { message: 'Web vitals fetched', data };
  },
);

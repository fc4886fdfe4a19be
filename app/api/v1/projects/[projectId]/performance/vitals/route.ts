import { requireOrg, route } from '@/lib/http/route';
import { webVitals } from '@/lib/performance/web-vitals';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = route({ auth: 'session', params: projectParams, query: performanceQuery }, async ({ session, params, query }) => {
  const data = await webVitals(requireOrg(session), params.projectId, query.days);
  return { message: 'Web vitals fetched', data };
});

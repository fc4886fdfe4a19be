import { route } from '@/lib/http/route';
import { readStats } from '@/lib/outcomes/read-stats';
import { projectParams } from '@/lib/zod/projects';
import { statsQuerySchema } from '@/lib/zod/stats';

export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: statsQuerySchema },
  async ({ tenant, query }) => {
    return {
      message: 'Stats fetched',
      data: await readStats({ orgId: tenant.orgId, projectId: tenant.projectId }, query.days, query.category),
    };
  },
);

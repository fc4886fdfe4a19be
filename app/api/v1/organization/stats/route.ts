import { route } from '@/lib/http/route';
import { readStats } from '@/lib/outcomes/read-stats';
import { statsQuerySchema } from '@/lib/zod/stats';

export const GET = route(
  { auth: 'session', scope: 'organization', query: statsQuerySchema },
  async ({ tenant, query }) => {
    return { message: 'Stats fetched', data: await readStats({ orgId: tenant.orgId }, query.days, query.category) };
  },
);

import { route } from '@/lib/http/route';
import { transactionGroups } from '@/lib/performance/transaction-groups';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: performanceQuery },
  async ({ tenant, params, query }) => {
    const data = await transactionGroups({
      orgId: tenant.orgId,
      projectId: params.projectId,
      days: query.days,
      environment: query.environment,
    });
    return { message: 'Transactions fetched', data };
  },
);

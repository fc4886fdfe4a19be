import { route } from '@/lib/http/route';
import { transactionDetail } from '@/lib/performance/transaction-detail';
import { transactionParams, transactionQuery } from '@/lib/zod/performance';

export const GET = route(
  { auth: 'session', scope: 'project', params: transactionParams, query: transactionQuery },
  async ({ tenant, params, query }) => {
    const data = await transactionDetail({
      orgId: tenant.orgId,
      projectId: params.projectId,
      name: params.name,
      period: query.period,
      environment: query.environment,
    });
    return { message: 'Transaction fetched', data };
  },
);

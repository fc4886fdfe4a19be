import { requireOrg, route } from '@/lib/http/route';
import { transactionGroups } from '@/lib/performance/transaction-groups';
import { projectParams } from '@/lib/zod/projects';
import { performanceQuery } from '@/lib/zod/performance';

export const GET = route({ auth: 'session', params: projectParams, query: performanceQuery }, async ({ session, params, query }) => {
  const data = await transactionGroups(requireOrg(session), params.projectId, query.days);
  return { message: 'Transactions fetched', data };
});

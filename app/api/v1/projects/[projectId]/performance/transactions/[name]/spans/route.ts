import { route } from '@/lib/http/route';
import { spanGroups, spanGroupsQuery } from '@/lib/traces/trace-api';
import { transactionParams } from '@/lib/zod/performance';

// Where a transaction's time goes: its span groups (op and normalised description) by total time.
export const GET = route(
  { auth: 'session', scope: 'project', params: transactionParams, query: spanGroupsQuery },
  async ({ tenant, params, query }) => {
    return { message: 'Success', data: await spanGroups(tenant, params.name, query.days) };
  },
);

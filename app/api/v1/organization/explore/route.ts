import { route } from '@/lib/http/route';
import { runExplore } from '@/lib/explore/run-explore';
import { exploreSearchParamsSchema } from '@/lib/zod/explore';

// An Explore query over the organization's errors, transactions, spans, log lines or metric points: the table and the chart's series.
export const GET = route(
  { auth: 'session', scope: 'organization', query: exploreSearchParamsSchema },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await runExplore(tenant, query) };
  },
);

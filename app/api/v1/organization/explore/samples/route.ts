import { route } from '@/lib/http/route';
import { exploreSamples } from '@/lib/explore/samples';
import { exploreSamplesParamsSchema } from '@/lib/zod/explore';

// The events, transactions, spans or log lines behind a row of an Explore table, each with its link.
export const GET = route(
  { auth: 'session', scope: 'organization', query: exploreSamplesParamsSchema },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await exploreSamples(tenant, query) };
  },
);

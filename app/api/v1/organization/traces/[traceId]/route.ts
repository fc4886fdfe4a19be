import { route } from '@/lib/http/route';
import { getTrace, traceParams } from '@/lib/traces/trace-api';

// One trace across the organization's projects: spans, transactions, errors (the waterfall's data).
export const GET = route(
  { auth: 'session', scope: 'organization', params: traceParams },
  async ({ tenant, params }) => {
    return { message: 'Success', data: await getTrace(tenant, params.traceId) };
  },
);

import { route } from '@/lib/http/route';
import { flamegraph } from '@/lib/profiles/flamegraphs';
import { flamegraphQuery } from '@/lib/profiles/profile-api';
import { projectParams } from '@/lib/zod/projects';

// A flame graph (#47): the samples inside one span (traceId and spanId), or a transaction name's over a period.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: flamegraphQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await flamegraph(tenant, query) };
  },
);

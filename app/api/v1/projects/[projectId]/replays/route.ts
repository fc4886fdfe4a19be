import { route } from '@/lib/http/route';
import { listReplays, listReplaysQuery } from '@/lib/replays/replay-api';
import { projectParams } from '@/lib/zod/projects';

// The project's replays (#46), newest first: filtered by user, URL, has-error, release and environment.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listReplaysQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listReplays(tenant, query) };
  },
);

import { route } from '@/lib/http/route';
import { createSavedQuery, listSavedQueries } from '@/lib/explore/saved-queries';
import { savedQueryBody } from '@/lib/zod/explore';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Saved queries fetched', data: await listSavedQueries(tenant) };
});

export const POST = route(
  { auth: 'session', scope: 'organization', body: savedQueryBody },
  async ({ tenant, body }) => {
    return { status: 201, message: 'Query saved', data: await createSavedQuery(tenant, body) };
  },
);

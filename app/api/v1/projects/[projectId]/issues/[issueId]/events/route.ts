import { requireOrg, route } from '@/lib/http/route';
import { listEvents } from '@/lib/events/list-events';
import { issueParams, listEventsQuery } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: issueParams, query: listEventsQuery }, async ({ session, params, query }) => {
  const data = await listEvents(requireOrg(session), params.projectId, params.issueId, query);
  return { message: 'Events fetched', data };
});

import { route } from '@/lib/http/route';
import { listEvents } from '@/lib/events/list-events';
import { issueParams, listEventsQuery } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: issueParams, query: listEventsQuery }, async ({ tenant, params, query }) => {
  const data = await listEvents(tenant.orgId, params.projectId, params.issueId, query);
  return { message: 'Events fetched', data };
});

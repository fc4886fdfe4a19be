import { route } from '@/lib/http/route';
import { listEvents } from '@/lib/events/list-events';
import { issueParams, listEventsQuery } from '@/lib/zod/issues';

export const GET = route(
  { auth: 'session', scope: 'project', params: issueParams, query: listEventsQuery },
  async ({ tenant, params, query }) => {
    const data = await listEvents({
      orgId: tenant.orgId,
      projectId: params.projectId,
      issueId: params.issueId,
      q: query,
    });
    return { message: 'Events fetched', data };
  },
);

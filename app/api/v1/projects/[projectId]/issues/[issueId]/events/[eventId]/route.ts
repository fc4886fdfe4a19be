import { route } from '@/lib/http/route';
import { getEvent } from '@/lib/events/get-event';
import { eventParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: eventParams }, async ({ tenant, params }) => {
  const data = await getEvent({
    orgId: tenant.orgId,
    projectId: params.projectId,
    issueId: params.issueId,
    eventId: params.eventId,
  });
  return { message: 'Event fetched', data };
});

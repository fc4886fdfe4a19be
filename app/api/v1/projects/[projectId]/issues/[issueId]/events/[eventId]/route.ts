import { requireOrg, route } from '@/lib/http/route';
import { getEvent } from '@/lib/events/get-event';
import { eventParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: eventParams }, async ({ session, params }) => {
  const data = await getEvent(requireOrg(session), params.projectId, params.issueId, params.eventId);
  return { message: 'Event fetched', data };
});

import { route } from '@/lib/http/route';
import { sourceLinks } from '@/lib/integrations/code-links';
import { eventParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: eventParams }, async ({ tenant, params }) => {
  return {
    message: 'Source links fetched',
    data: await sourceLinks(tenant, { issueId: params.issueId, eventId: params.eventId }),
  };
});

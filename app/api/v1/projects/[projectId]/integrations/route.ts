import { route } from '@/lib/http/route';
import { projectTrackers } from '@/lib/integrations/external-issues';
import { projectParams } from '@/lib/zod/projects';

// The issue trackers a ticket of this project's issues can go to, for the issue page.
export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Integrations fetched', data: await projectTrackers(tenant) };
});

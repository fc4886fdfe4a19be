import { route } from '@/lib/http/route';
import { releaseHealth, releaseHealthQuery } from '@/lib/sessions/release-health';
import { projectParams } from '@/lib/zod/projects';

// Release health: per release, sessions, users, crash-free sessions and users, adoption, a series per day.
export const GET = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params: projectParams, query: releaseHealthQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await releaseHealth(tenant.projectId, query) };
  },
);

import { route } from '@/lib/http/route';
import { releaseParams } from '@/lib/releases/schemas';
import { releaseHealthDetail, releaseHealthQuery } from '@/lib/sessions/release-health';

// One release's health per day, beside the release before it.
export const GET = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params: releaseParams, query: releaseHealthQuery },
  async ({ tenant, params, query }) => {
    return { message: 'Success', data: await releaseHealthDetail(tenant.projectId, params.version, query) };
  },
);

import { route } from '@/lib/http/route';
import { getProfile, profileParams, profileQuery } from '@/lib/profiles/profile-api';

// One profile (#47): its metadata, threads and the flame graph of one thread.
export const GET = route(
  { auth: 'session', scope: 'project', params: profileParams, query: profileQuery },
  async ({ tenant, params, query }) => {
    return { message: 'Success', data: await getProfile(tenant, params.profileId, query.threadId) };
  },
);

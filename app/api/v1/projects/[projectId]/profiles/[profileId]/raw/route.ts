import { route } from '@/lib/http/route';
import { profileParams, rawProfile } from '@/lib/profiles/profile-api';

// One profile in Sentry's sample format (#47), for export to other tools.
export const GET = route({ auth: 'session', scope: 'project', params: profileParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: await rawProfile(tenant, params.profileId) };
});

import { route } from '@/lib/http/route';
import { describeInvite } from '@/lib/invites/find-invite';
import { inviteTokenParams } from '@/lib/zod/orgs';

// Public: the token is the credential; the page uses this to offer sign-in or sign-up.
export const GET = route({ auth: 'none', params: inviteTokenParams }, async ({ params }) => {
  return { message: 'Invite fetched', data: await describeInvite(params.token) };
});

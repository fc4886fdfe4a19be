import { route } from '@/lib/http/route';
import { describeInvite } from '@/lib/invites/find-invite';
import { inviteTokenParams } from '@/lib/zod/orgs';
import { clientAddress } from '@/lib/auth/client-address';
import { enforceThrottle, throttleRules } from '@/lib/auth/throttle';

// Public: the token is the credential; the page uses this to offer sign-in or sign-up.
export const GET = route({ auth: 'none', params: inviteTokenParams }, async ({ req, params }) => {
  await enforceThrottle(throttleRules.inviteLink(clientAddress(req)));
  return { message: 'Invite fetched', data: await describeInvite(params.token) };
});

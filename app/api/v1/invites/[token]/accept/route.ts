import { route } from '@/lib/http/route';
import { acceptInvite } from '@/lib/invites/accept-invite';
import { inviteTokenParams } from '@/lib/zod/orgs';

export const POST = route({ auth: 'session', params: inviteTokenParams }, async ({ session, params }) => {
  return { message: 'Invite accepted', data: await acceptInvite(params.token, session.user.id, session.sessionId) };
});

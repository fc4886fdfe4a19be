import { z } from 'zod';
import { formRoute } from '@/lib/http/form-route';
import { inviteTokenParams } from '@/lib/zod/orgs';
import { acceptInvite } from '@/lib/invites/accept-invite';

// "Accept invite" for the signed-in invitee without the page's script (#58): as POST /api/v1/invites/:token/accept.
// It carries no secret; it is here so a sign-in that went through the two-factor page can still end in the invite.
export const POST = formRoute(
  {
    form: 'invite-accept',
    auth: 'session',
    params: inviteTokenParams,
    body: z.object({}),
    back: (_f, p) => `/invite/${encodeURIComponent(p.token)}`,
  },
  async ({ params, session }) => {
    await acceptInvite(params.token, session.user.id, session.sessionId);
    return { redirect: '/' };
  },
);

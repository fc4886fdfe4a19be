import { route } from '@/lib/http/route';
import { serializeUser } from '@/lib/auth/serialize-user';
import { signInClient } from '@/lib/auth/client-address';
import { registerFromInvite } from '@/lib/invites/register-from-invite';
import { inviteTokenParams, registerFromInviteSchema } from '@/lib/zod/orgs';

export const POST = route(
  { auth: 'none', params: inviteTokenParams, body: registerFromInviteSchema },
  async ({ req, params, body }) => {
    const { user, cookie } = await registerFromInvite(params.token, body, signInClient(req));
    return {
      status: 201,
      message: 'Registered and joined the organization',
      data: serializeUser(user),
      cookies: [cookie],
    };
  },
);

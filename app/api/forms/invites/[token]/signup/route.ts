import { formRoute } from '@/lib/http/form-route';
import { inviteTokenParams, registerFromInviteSchema } from '@/lib/zod/orgs';
import { signInClient } from '@/lib/auth/client-address';
import { registerFromInvite } from '@/lib/invites/register-from-invite';

// "Create account and join" on an invite page without the page's script (#58): as POST /api/v1/invites/:token/register.
export const POST = formRoute(
  {
    form: 'invite-signup',
    auth: 'none',
    params: inviteTokenParams,
    body: registerFromInviteSchema,
    back: (_f, p) => `/invite/${encodeURIComponent(p.token)}`,
  },
  async ({ req, params, body, setCookie }) => {
    const { cookie } = await registerFromInvite(params.token, body, signInClient(req));
    setCookie(cookie);
    return { redirect: '/' };
  },
);

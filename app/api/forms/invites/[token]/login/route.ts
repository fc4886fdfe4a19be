import { z } from 'zod';
import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formRoute } from '@/lib/http/form-route';
import { loginSchema } from '@/lib/zod/auth';
import { inviteTokenParams } from '@/lib/zod/orgs';
import { loginWithPassword } from '@/lib/auth/accounts';
import { withNext } from '@/lib/auth/safe-next';
import { signInClient } from '@/lib/auth/client-address';
import { acceptInvite } from '@/lib/invites/accept-invite';

const invitePage = (p: z.infer<typeof inviteTokenParams>) => `/invite/${encodeURIComponent(p.token)}`;

// "Log in and accept" on an invite page without the page's script (#58): the sign-in of POST /api/v1/auth/login, then
// the accept of POST /api/v1/invites/:token/accept. With a second factor, its page comes first and then this invite.
export const POST = formRoute(
  { form: 'invite-login', auth: 'none', params: inviteTokenParams, body: loginSchema, back: (_f, p) => invitePage(p) },
  async ({ req, params, body, setCookie }) => {
    assertPasswordSignIn();
    const { user, cookie, secondFactor } = await loginWithPassword(body.email, body.password, signInClient(req));
    // Signed in whatever the invite says next: a refused accept is shown on the invite page to the signed-in person.
    setCookie(cookie);
    if (secondFactor) return { redirect: withNext('/login/two-factor', invitePage(params)) };
    // A new session has no organization of its own yet: it follows the one the accept makes the user's.
    await acceptInvite(params.token, user.id, null);
    return { redirect: '/' };
  },
);

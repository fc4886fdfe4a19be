import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formRoute } from '@/lib/http/form-route';
import { withQuery } from '@/lib/auth/safe-next';
import { resetPasswordSchema } from '@/lib/zod/auth';
import { resetPassword } from '@/lib/auth/password-reset';
import { clientAddress } from '@/lib/auth/client-address';

// A new password from the emailed link, without the page's script (#58): as POST /api/v1/auth/reset-password. A
// refusal goes back to the link's own page (its token is in that URL by design: the email put it there).
export const POST = formRoute(
  {
    form: 'reset-password',
    auth: 'none',
    body: resetPasswordSchema,
    back: (f) => (f.token ? withQuery('/reset-password', { token: f.token }) : '/reset-password'),
  },
  async ({ req, body }) => {
    assertPasswordSignIn();
    await resetPassword(body.token, body.password, clientAddress(req));
    return { redirect: '/login?reset=1' };
  },
);

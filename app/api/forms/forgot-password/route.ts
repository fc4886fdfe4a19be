import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formPage, formRoute } from '@/lib/http/form-route';
import { withQuery } from '@/lib/auth/safe-next';
import { emailOnlySchema } from '@/lib/zod/auth';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { clientAddress } from '@/lib/auth/client-address';

// "Forgot your password?" without the page's script (#58): as POST /api/v1/auth/forgot-password.
export const POST = formRoute(
  { form: 'forgot-password', auth: 'none', body: emailOnlySchema, back: (f) => formPage('/forgot-password', f) },
  async ({ req, body }) => {
    assertPasswordSignIn();
    await requestPasswordReset(body.email, clientAddress(req));
    return { redirect: withQuery(formPage('/forgot-password', body), { sent: '1' }) };
  },
);

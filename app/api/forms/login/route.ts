import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formPage, formRoute } from '@/lib/http/form-route';
import { loginFormSchema } from '@/lib/zod/forms';
import { loginWithPassword } from '@/lib/auth/accounts';
import { afterSignIn } from '@/lib/auth/safe-next';
import { signInClient } from '@/lib/auth/client-address';

// The sign-in form without the page's script (#58): the same sign-in as POST /api/v1/auth/login, answered 303.
export const POST = formRoute(
  { form: 'login', auth: 'none', body: loginFormSchema, back: (f) => formPage('/login', f) },
  async ({ req, body, setCookie }) => {
    assertPasswordSignIn();
    const { cookie, secondFactor } = await loginWithPassword(body.email, body.password, signInClient(req));
    setCookie(cookie);
    return { redirect: afterSignIn(body.next, secondFactor !== null) };
  },
);

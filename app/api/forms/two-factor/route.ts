import { formRoute } from '@/lib/http/form-route';
import { readCookie } from '@/lib/auth/session';
import { safeNext, withNext, withQuery } from '@/lib/auth/safe-next';
import { signInClient } from '@/lib/auth/client-address';
import { clearedPendingCookie, PENDING_COOKIE } from '@/lib/auth/two-factor/pending-sign-in';
import { completeSecondFactor } from '@/lib/auth/two-factor/sign-in';
import { secondFactorFormSchema } from '@/lib/zod/forms';

// The second step of a sign-in without the page's script (#58): an authenticator or recovery code, as
// POST /api/v1/auth/two-factor/sign-in (a security key needs the script). A refusal keeps the kind of code chosen.
export const POST = formRoute(
  {
    form: 'two-factor',
    auth: 'none',
    body: secondFactorFormSchema,
    back: (f) =>
      withQuery(withNext('/login/two-factor', f.next), f.method === 'recovery' ? { method: 'recovery' } : {}),
  },
  async ({ req, body, setCookie }) => {
    const token = readCookie(req.headers.get('cookie'), PENDING_COOKIE);
    const { cookie } = await completeSecondFactor(token, { method: body.method, code: body.code }, signInClient(req));
    setCookie(cookie);
    setCookie(clearedPendingCookie());
    return { redirect: safeNext(body.next) ?? '/' };
  },
);

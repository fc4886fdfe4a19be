import { route } from '@/lib/http/route';
import { readCookie } from '@/lib/auth/session';
import { signInClient } from '@/lib/auth/client-address';
import { clearedPendingCookie, PENDING_COOKIE } from '@/lib/auth/two-factor/pending-sign-in';
import { completeSecondFactor } from '@/lib/auth/two-factor/sign-in';
import { secondFactorSchema } from '@/lib/zod/two-factor';

// The second step of a sign-in: an authenticator code, a recovery code or a security key's assertion.
export const POST = route({ auth: 'none', body: secondFactorSchema }, async ({ req, body }) => {
  const token = readCookie(req.headers.get('cookie'), PENDING_COOKIE);
  const { cookie } = await completeSecondFactor(token, body, signInClient(req));
  return { message: 'Logged in', cookies: [cookie, clearedPendingCookie()] };
});

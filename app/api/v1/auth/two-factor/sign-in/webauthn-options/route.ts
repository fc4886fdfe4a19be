import { route } from '@/lib/http/route';
import { readCookie } from '@/lib/auth/session';
import { PENDING_COOKIE } from '@/lib/auth/two-factor/pending-sign-in';
import { startWebAuthnSignIn } from '@/lib/auth/two-factor/sign-in';

// The second step of a sign-in with a security key: options for navigator.credentials.get.
export const POST = route({ auth: 'none' }, async ({ req }) => {
  const token = readCookie(req.headers.get('cookie'), PENDING_COOKIE);
  return { message: 'Success', data: await startWebAuthnSignIn(token) };
});

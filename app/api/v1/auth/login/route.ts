import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { loginSchema } from '@/lib/zod/auth';
import { loginWithPassword } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';
import { signInClient } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: loginSchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  const { user, cookie, secondFactor } = await loginWithPassword(body.email, body.password, signInClient(req));
  // A second factor is on: the cookie holds a pending sign-in that /api/v1/auth/two-factor/sign-in completes.
  if (secondFactor)
    return {
      message: 'Enter your second factor',
      data: { twoFactorRequired: true, methods: secondFactor },
      cookies: [cookie],
    };
  return { message: 'Logged in', data: serializeUser(user), cookies: [cookie] };
});

import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { resetPasswordSchema } from '@/lib/zod/auth';
import { resetPassword } from '@/lib/auth/password-reset';
import { serializeUser } from '@/lib/auth/serialize-user';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: resetPasswordSchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  const user = await resetPassword(body.token, body.password, clientAddress(req));
  return { message: 'Password changed. Sign in with your new password.', data: serializeUser(user) };
});

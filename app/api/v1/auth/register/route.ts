import { assertSignupAllowed } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { registerSchema } from '@/lib/zod/auth';
import { registerUser } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: registerSchema }, async ({ req, body }) => {
  assertSignupAllowed(body.email);
  const user = await registerUser(body, clientAddress(req));
  return { status: 201, message: 'Registered. A passcode was sent to your email.', data: serializeUser(user) };
});

import { route } from '@/lib/http/route';
import { registerSchema } from '@/lib/zod/auth';
import { registerUser } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';

export const POST = route({ auth: 'none', body: registerSchema }, async ({ body }) => {
  const user = await registerUser(body);
  return { status: 201, message: 'Registered. A passcode was sent to your email.', data: serializeUser(user) };
});

import { route } from '@/lib/http/route';
import { verifyOtpSchema } from '@/lib/zod/auth';
import { verifyEmail } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';

export const POST = route({ auth: 'none', body: verifyOtpSchema }, async ({ body }) => {
  const user = await verifyEmail(body.email, body.otp);
  return { message: 'Email verified', data: serializeUser(user) };
});

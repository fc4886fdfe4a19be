import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { verifyOtpSchema } from '@/lib/zod/auth';
import { verifyEmail } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: verifyOtpSchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  const { user, cookie } = await verifyEmail(body.email, body.otp, clientAddress(req));
  return { message: 'Email verified', data: serializeUser(user), cookies: [cookie] };
});

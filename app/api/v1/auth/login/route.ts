import { route } from '@/lib/http/route';
import { loginSchema } from '@/lib/zod/auth';
import { loginWithPassword } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';
import { clientIp } from '@/lib/auth/throttle';

export const POST = route({ auth: 'none', body: loginSchema }, async ({ req, body }) => {
  const { user, cookie } = await loginWithPassword(body.email, body.password, clientIp(req));
  return { message: 'Logged in', data: serializeUser(user), cookies: [cookie] };
});

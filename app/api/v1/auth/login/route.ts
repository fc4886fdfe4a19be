import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { loginSchema } from '@/lib/zod/auth';
import { loginWithPassword } from '@/lib/auth/accounts';
import { serializeUser } from '@/lib/auth/serialize-user';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: loginSchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  const { user, cookie } = await loginWithPassword(body.email, body.password, clientAddress(req));
  return { message: 'Logged in', data: serializeUser(user), cookies: [cookie] };
});

import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { emailOnlySchema } from '@/lib/zod/auth';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: emailOnlySchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  await requestPasswordReset(body.email, clientAddress(req));
  return { message: 'If the account exists, a reset link was sent' };
});

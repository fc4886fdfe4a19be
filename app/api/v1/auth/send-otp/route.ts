import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { emailOnlySchema } from '@/lib/zod/auth';
import { resendPasscode } from '@/lib/auth/accounts';
import { clientAddress } from '@/lib/auth/client-address';

export const POST = route({ auth: 'none', body: emailOnlySchema }, async ({ req, body }) => {
  assertPasswordSignIn();
  await resendPasscode(body.email, clientAddress(req));
  return { message: 'If the account exists, a new passcode was sent' };
});

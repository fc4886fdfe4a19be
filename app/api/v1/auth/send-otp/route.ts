import { route } from '@/lib/http/route';
import { emailOnlySchema } from '@/lib/zod/auth';
import { resendPasscode } from '@/lib/auth/accounts';

export const POST = route({ auth: 'none', body: emailOnlySchema }, async ({ body }) => {
  await resendPasscode(body.email);
  return { message: 'If the account exists, a new passcode was sent' };
});

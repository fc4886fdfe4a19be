import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { route } from '@/lib/http/route';
import { clientAddress } from '@/lib/auth/client-address';
import { changePassword } from '@/lib/auth/change-password';
import { changePasswordSchema } from '@/lib/zod/account';

export const PUT = route({ auth: 'session', body: changePasswordSchema }, async ({ req, session, body }) => {
  assertPasswordSignIn();
  const data = await changePassword(
    { userId: session.user.id, sessionId: session.sessionId },
    body,
    clientAddress(req),
  );
  return { message: 'Password changed; your other sessions were signed out', data };
});

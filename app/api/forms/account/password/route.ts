import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formRoute } from '@/lib/http/form-route';
import { clientAddress } from '@/lib/auth/client-address';
import { changePassword } from '@/lib/auth/change-password';
import { changePasswordFormSchema } from '@/lib/zod/forms';

// The Security page's password change without the page's script (#58): as PUT /api/v1/auth/password.
export const POST = formRoute(
  { form: 'password', auth: 'session', body: changePasswordFormSchema, back: () => '/settings/security' },
  async ({ req, session, body }) => {
    assertPasswordSignIn();
    await changePassword({ userId: session.user.id, sessionId: session.sessionId }, body, clientAddress(req));
    return { redirect: '/settings/security?done=password' };
  },
);

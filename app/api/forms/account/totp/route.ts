import { formRoute } from '@/lib/http/form-route';
import { confirmTotp } from '@/lib/auth/two-factor/manage-factors';
import { totpCodeSchema } from '@/lib/zod/two-factor';

// The authenticator app's first code without the page's script (#58): as POST /api/v1/auth/two-factor/totp. Its
// recovery codes are shown only to the script (never put in a URL): the security page offers new ones instead.
export const POST = formRoute(
  { form: 'totp', auth: 'session', body: totpCodeSchema, back: () => '/settings/security' },
  async ({ session, body }) => {
    await confirmTotp(session.user, body.code);
    return { redirect: '/settings/security?done=totp' };
  },
);

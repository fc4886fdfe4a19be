import { route } from '@/lib/http/route';
import { addWebAuthnKey } from '@/lib/auth/two-factor/manage-factors';
import { addWebAuthnSchema } from '@/lib/zod/two-factor';

export const POST = route({ auth: 'session', body: addWebAuthnSchema }, async ({ session, body }) => {
  return {
    status: 201,
    message: 'Security key added',
    data: await addWebAuthnKey(session.user, body.response, body.name),
  };
});

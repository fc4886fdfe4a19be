import { route } from '@/lib/http/route';
import { removeFactor } from '@/lib/auth/two-factor/manage-factors';
import { webauthnKeyParams } from '@/lib/zod/two-factor';

export const DELETE = route({ auth: 'session', params: webauthnKeyParams }, async ({ session, params }) => {
  await removeFactor(session.user, session.sessionId, { keyId: params.keyId });
  return { message: 'Security key removed' };
});

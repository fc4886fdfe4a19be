import { route } from '@/lib/http/route';
import { confirmTotp, removeFactor } from '@/lib/auth/two-factor/manage-factors';
import { totpCodeSchema } from '@/lib/zod/two-factor';

// Confirms the enrolment with the app's first code; the first factor also brings ten recovery codes, shown once.
export const POST = route({ auth: 'session', body: totpCodeSchema }, async ({ session, body }) => {
  return { status: 201, message: 'Authenticator app added', data: await confirmTotp(session.user, body.code) };
});

export const DELETE = route({ auth: 'session' }, async ({ session }) => {
  await removeFactor(session.user, session.sessionId, { totp: true });
  return { message: 'Authenticator app removed' };
});

import { route } from '@/lib/http/route';
import { clearedSessionCookie } from '@/lib/auth/session';
import { revokeSession } from '@/lib/auth/revoke-sessions';
import { sessionParams } from '@/lib/zod/account';

// Another user's session id is 404: the lookup is scoped to the caller.
export const DELETE = route({ auth: 'session', params: sessionParams }, async ({ session, params }) => {
  await revokeSession(session.user.id, params.sessionId);
  const own = params.sessionId === session.sessionId;
  return { message: 'Session revoked', data: { revoked: 1 }, cookies: own ? [clearedSessionCookie()] : [] };
});

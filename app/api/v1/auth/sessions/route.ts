import { route } from '@/lib/http/route';
import { clearedSessionCookie } from '@/lib/auth/session';
import { listSessions } from '@/lib/auth/list-sessions';
import { revokeOtherSessions } from '@/lib/auth/revoke-sessions';
import { revokeSessionsQuery } from '@/lib/zod/account';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await listSessions(session.user.id, session.sessionId) };
});

// Every other session ends ("sign out everywhere else"); with ?all=true the caller's own too, and its cookie goes.
export const DELETE = route({ auth: 'session', query: revokeSessionsQuery }, async ({ session, query }) => {
  const all = query.all === 'true';
  const revoked = await revokeOtherSessions(session.user.id, all ? null : session.sessionId);
  return {
    message: all ? 'Signed out everywhere' : 'Signed out of every other session',
    data: { revoked },
    cookies: all ? [clearedSessionCookie()] : [],
  };
});

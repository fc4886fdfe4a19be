import { route } from '@/lib/http/route';
import { clearedSessionCookie, deleteSession } from '@/lib/auth/session';

export const POST = route({ auth: 'session' }, async ({ session }) => {
  await deleteSession(session.sessionId);
  return { message: 'Logged out', cookies: [clearedSessionCookie()] };
});

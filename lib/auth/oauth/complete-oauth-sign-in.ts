import { db } from '@/lib/db';
import { createSession } from '@/lib/auth/session';

/** next-auth's own cookies (hand-off token, state, PKCE verifier, CSRF, callback URL), secure-prefixed or not. */
export const NEXT_AUTH_COOKIE = /^(__Secure-|__Host-)?next-auth\./;

/** Mints our server-side session for the user next-auth signed in, exactly like password login; null if that user is gone. */
export async function startOAuthSession(userId: string): Promise<{ cookie: string } | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, emailVerified: true } });
  if (!user?.emailVerified) return null;
  const { cookie } = await createSession(user.id);
  return { cookie };
}

/** Set-Cookie values that delete next-auth's cookies, so it keeps no session of its own. */
export function clearedNextAuthCookies(names: string[], secure: boolean): string[] {
  return names
    .filter((name) => NEXT_AUTH_COOKIE.test(name))
    .map((name) => {
      const parts = [`${name}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
      if (secure || name.startsWith('__')) parts.push('Secure');
      return parts.join('; ');
    });
}

import { db } from '@/lib/db';
import type { SignInClient } from '@/lib/auth/session';
import { completeFirstFactor } from '@/lib/auth/two-factor/sign-in';

/** next-auth's own cookies (hand-off token, state, PKCE verifier, CSRF, callback URL), secure-prefixed or not. */
export const NEXT_AUTH_COOKIE = /^(__Secure-|__Host-)?next-auth\./;

// RFC 8176 methods that say the provider itself asked for more than a password (#48).
const MFA_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'sms']);

/** Whether an OpenID Connect provider's `amr` claim says it did multi-factor authentication. */
export function providerDidMfa(provider: string | undefined, amr: unknown): boolean {
  return provider === 'oidc' && Array.isArray(amr) && amr.some((m) => typeof m === 'string' && MFA_AMR.has(m));
}

/**
 * Mints our server-side session for the user next-auth signed in, exactly like password login (a pending sign-in
 * when a second factor is on: `secondFactor`); null if that user is gone.
 */
export async function startOAuthSession(
  userId: string,
  client: SignInClient,
  via: { provider?: string; amr?: unknown } = {},
): Promise<{ cookie: string; secondFactor: boolean } | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerified: true },
  });
  if (!user?.emailVerified) return null;
  const outcome = await completeFirstFactor(user, {
    method: via.provider ?? 'oauth',
    client,
    providerMfa: providerDidMfa(via.provider, via.amr),
  });
  return { cookie: outcome.cookie, secondFactor: outcome.kind === 'second-factor' };
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

// A sign-in whose first factor passed and that waits for the second (#48). It is no session: its cookie opens
// nothing but the second-factor routes, lives ten minutes, and takes five wrong codes before it is burned.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { randomToken, sha256 } from '../tokens';

export const PENDING_COOKIE = 'two_factor';
export const PENDING_TTL_MS = 10 * 60 * 1000;
export const PENDING_MAX_ATTEMPTS = 5;
export const PENDING_EXPIRED = 'Your sign-in expired or was not started: sign in again';

/** 401 for a pending sign-in that is gone (expired, burned, completed) or was never started. */
export const pendingExpired = () =>
  new AppError('UNAUTHORIZED', PENDING_EXPIRED, undefined, undefined, 'sign_in_expired');

/** password, passcode, github, google or oidc: how the first factor was given. */
export type FirstFactor = string;

export async function startPendingSignIn(userId: string, method: FirstFactor): Promise<{ cookie: string }> {
  const token = randomToken(32);
  const now = clock.nowMs();
  // One pending sign-in per person at a time, and none left over from long ago.
  await db.pendingSignIn.deleteMany({ where: { OR: [{ userId }, { expiresAt: { lt: new Date(now) } }] } });
  await db.pendingSignIn.create({
    data: { tokenHash: sha256(token), userId, method, expiresAt: new Date(now + PENDING_TTL_MS) },
  });
  return { cookie: pendingCookie(token, PENDING_TTL_MS / 1000) };
}

export type PendingSignInRow = NonNullable<Awaited<ReturnType<typeof findPendingSignIn>>>;

export function findPendingSignIn(token: string | undefined) {
  if (!token) return Promise.resolve(null);
  return db.pendingSignIn.findFirst({
    where: { tokenHash: sha256(token), expiresAt: { gt: clock.now() } },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
}

/** The pending sign-in of the cookie, or 401 saying to sign in again. */
export async function requirePendingSignIn(token: string | undefined): Promise<PendingSignInRow> {
  const pending = await findPendingSignIn(token);
  if (!pending) throw pendingExpired();
  return pending;
}

/** Counts one try in the statement that checks the limit: past it the pending sign-in is gone. */
export async function countPendingAttempt(id: string): Promise<boolean> {
  const counted = await db.pendingSignIn.updateMany({
    where: { id, attempts: { lt: PENDING_MAX_ATTEMPTS }, expiresAt: { gt: clock.now() } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count === 1) return true;
  await db.pendingSignIn.deleteMany({ where: { id } });
  return false;
}

/** Ends it (completed or given up); true only for the one request that removed it, so it completes once. */
export async function endPendingSignIn(id: string): Promise<boolean> {
  return (await db.pendingSignIn.deleteMany({ where: { id } })).count === 1;
}

export function pendingCookie(token: string, maxAgeSeconds: number): string {
  const parts = [`${PENDING_COOKIE}=${token}`, 'HttpOnly', 'Path=/', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (env.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function clearedPendingCookie(): string {
  return pendingCookie('', 0);
}

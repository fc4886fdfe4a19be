import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding lifetime: extend at most once an hour so reads do not write on every request.
const SLIDE_AFTER_MS = 60 * 60 * 1000;
// "Last seen" on the session list: written at most once per 5 minutes of use, one small update.
const LAST_SEEN_STEP_MS = 5 * 60 * 1000;
/** A User-Agent longer than this is kept cut: enough for any real browser's. */
export const MAX_SESSION_USER_AGENT = 500;

/** Where a sign-in comes from, kept on its session for the person's list of signed-in devices. */
export type SignInClient = { userAgent?: string | null; address?: string | null };

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: Date | null;
  image: string | null;
  orgId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type SessionContext = { sessionId: string; user: SessionUser; orgId: string | null; refreshedCookie?: string };

/** Creates a server-side session; the returned token goes in the cookie, only its hash is stored. */
export async function createSession(
  userId: string,
  client: SignInClient = {},
): Promise<{ token: string; cookie: string; sessionId: string }> {
  const token = randomToken(32);
  const now = clock.now();
  const session = await db.session.create({
    data: {
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastUsedAt: now,
      createdAt: now,
      userAgent: client.userAgent ? client.userAgent.slice(0, MAX_SESSION_USER_AGENT) : null,
      ipAddress: client.address && client.address !== 'unknown' ? client.address.slice(0, 64) : null,
    },
    select: { id: true },
  });
  return { token, cookie: sessionCookie(token), sessionId: session.id };
}

export async function resolveSession(token: string | undefined): Promise<SessionContext | null> {
  if (!token) return null;
  const session = await db.session.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  const now = clock.now();
  if (!session || session.expiresAt <= now) return null;
  // The organization chosen in this session, else the user's default one.
  const ctx: SessionContext = {
    sessionId: session.id,
    user: session.user,
    orgId: session.activeOrgId ?? session.user.orgId,
  };
  // The expiry last slid when it was set a full lifetime ahead.
  const slidAt = session.expiresAt.getTime() - SESSION_TTL_MS;
  if (now.getTime() - slidAt > SLIDE_AFTER_MS) {
    await db.session.update({
      where: { id: session.id },
      data: { lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) },
    });
    ctx.refreshedCookie = sessionCookie(token);
  } else if (now.getTime() - session.lastUsedAt.getTime() > LAST_SEEN_STEP_MS) {
    await db.session.updateMany({ where: { id: session.id }, data: { lastUsedAt: now } });
  }
  return ctx;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

export function sessionCookie(token: string): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    'HttpOnly',
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${SESSION_TTL_MS / 1000}`,
  ];
  if (env.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(): string {
  const parts = [`${SESSION_COOKIE}=`, 'HttpOnly', 'Path=/', 'SameSite=Lax', 'Max-Age=0'];
  if (env.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      // A malformed escape (`%E0%A4`) is no valid session: treated as no cookie, never a 500.
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { sha256 } from '@/lib/auth/tokens';
import type { TokenScope } from './scopes';

export const API_TOKEN_PREFIX = 'trk_';

export type ApiTokenContext = { tokenId: string; orgId: string; scopes: TokenScope[]; createdById: string | null };

// Last-used time is written at most once a minute per token, so a busy CI job does not write on every call.
const LAST_USED_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();

/** The token named by `Authorization: Bearer …`, or null when it is unknown or revoked. */
export async function resolveApiToken(token: string): Promise<ApiTokenContext | null> {
  const hash = sha256(token);
  const row = await db.apiToken.findUnique({ where: { tokenHash: hash }, select: { id: true, orgId: true, scopes: true, createdById: true, revokedAt: true, lastUsedAt: true } });
  if (!row || row.revokedAt) return null;
  const now = clock.now().getTime();
  const last = Math.max(row.lastUsedAt?.getTime() ?? 0, lastWritten.get(hash) ?? 0);
  if (now - last >= LAST_USED_EVERY_MS) {
    lastWritten.set(hash, now);
    if (lastWritten.size > 10_000) lastWritten.clear();
    await db.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } });
  }
  return { tokenId: row.id, orgId: row.orgId, scopes: row.scopes as TokenScope[], createdById: row.createdById };
}

export function forgetApiToken(hash: string): void {
  lastWritten.delete(hash);
}

/**
 * `Bearer trk_…` from an Authorization header; anything else (another scheme, someone else's token format)
 * is no token, so such a request is judged by its cookie like any other.
 */
export function bearerToken(header: string | null): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m && m[1].startsWith(API_TOKEN_PREFIX) ? m[1] : undefined;
}

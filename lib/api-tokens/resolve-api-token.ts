import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { sha256 } from '@/lib/auth/tokens';
import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/orgs/roles';
import type { TokenScope } from './scopes';

export const API_TOKEN_PREFIX = 'trk_';

/** `role`: its owner's role in the organization now (tokens never act as OWNER: at most ADMIN). */
export type ApiTokenContext = {
  tokenId: string;
  orgId: string;
  scopes: TokenScope[];
  createdById: string | null;
  role: Role;
};

export const OWNER_LEFT_MESSAGE =
  "This API token's owner is no longer a member of the organization: it no longer works";

/** A token acts with its owner's current role, capped at ADMIN; null when the owner is gone or has left. */
export async function tokenOwnerRole(orgId: string, createdById: string | null): Promise<Role | null> {
  if (!createdById) return null;
  const m = await db.membership.findUnique({
    where: { orgId_userId: { orgId, userId: createdById } },
    select: { role: true },
  });
  if (!m) return null;
  return m.role === 'OWNER' ? 'ADMIN' : m.role;
}

// Last-used time is written at most once a minute per token, so a busy CI job does not write on every call.
const LAST_USED_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();

/**
 * The token named by `Authorization: Bearer …`, or null when it is unknown or revoked; 401 when its owner has left
 * the organization (or was deleted).
 */
export async function resolveApiToken(token: string): Promise<ApiTokenContext | null> {
  const hash = sha256(token);
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hash },
    select: { id: true, orgId: true, scopes: true, createdById: true, revokedAt: true, lastUsedAt: true },
  });
  if (!row || row.revokedAt) return null;
  const role = await tokenOwnerRole(row.orgId, row.createdById);
  if (!role) throw new AppError('UNAUTHORIZED', OWNER_LEFT_MESSAGE);
  const now = clock.now().getTime();
  const last = Math.max(row.lastUsedAt?.getTime() ?? 0, lastWritten.get(hash) ?? 0);
  if (now - last >= LAST_USED_EVERY_MS) {
    lastWritten.set(hash, now);
    if (lastWritten.size > 10_000) lastWritten.clear();
    await db.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } });
  }
  return { tokenId: row.id, orgId: row.orgId, scopes: row.scopes as TokenScope[], createdById: row.createdById, role };
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

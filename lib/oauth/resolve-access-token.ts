// #63: an OAuth access token at /mcp, the only resource it was issued for (RFC 8707: /api/0 does not take it). It
// resolves to its grant's principal token exactly as an API token resolves, so the MCP server's checks (scope, the
// owner still a member, two-factor) and the audit log see no difference.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { sha256 } from '@/lib/auth/tokens';
import { AppError } from '@/lib/errors';
import { OWNER_LEFT_MESSAGE, tokenOwnerRole, type ApiTokenContext } from '@/lib/api-tokens/resolve-api-token';
import type { TokenScope } from '@/lib/api-tokens/scopes';
import { ACCESS_TOKEN_PREFIX } from './config';

export const isOAuthAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_PREFIX);

const LAST_USED_EVERY_MS = 60_000;

/** The token's context, or null when it is unknown, expired or its grant revoked. */
export async function resolveOAuthAccessToken(bearer: string): Promise<ApiTokenContext | null> {
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash: sha256(bearer) },
    include: { grant: { include: { apiToken: true } } },
  });
  const now = clock.now();
  if (!row || row.kind !== 'access' || row.expiresAt <= now || row.grant.revokedAt) return null;
  const principal = row.grant.apiToken;
  if (principal.revokedAt) return null;
  const role = await tokenOwnerRole(principal.orgId, principal.createdById);
  if (!role) throw new AppError('UNAUTHORIZED', OWNER_LEFT_MESSAGE);
  if (now.getTime() - (principal.lastUsedAt?.getTime() ?? 0) >= LAST_USED_EVERY_MS)
    await db.apiToken.update({ where: { id: principal.id }, data: { lastUsedAt: now } });
  return {
    tokenId: principal.id,
    orgId: principal.orgId,
    scopes: principal.scopes as TokenScope[],
    createdById: principal.createdById,
    role,
  };
}

import type { ApiToken } from '@/lib/generated/prisma/client';

/**
 * Never the hash: the hint (first characters) tells tokens apart. `active`: usable now (not revoked, its owner still a
 * member); `inactiveReason` says why not.
 */
export function serializeApiToken(
  t: Pick<ApiToken, 'id' | 'name' | 'tokenHint' | 'scopes' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'createdById'>,
  ownerIsMember = true,
) {
  const inactiveReason = t.revokedAt ? ('revoked' as const) : ownerIsMember ? null : ('owner_left' as const);
  return {
    id: t.id,
    name: t.name,
    tokenHint: t.tokenHint,
    scopes: t.scopes,
    createdById: t.createdById,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    active: inactiveReason === null,
    inactiveReason,
  };
}

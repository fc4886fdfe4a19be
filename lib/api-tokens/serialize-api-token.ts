import type { ApiToken } from '@/lib/generated/prisma/client';

/** Never the hash: the hint (first characters) tells tokens apart. */
export function serializeApiToken(t: Pick<ApiToken, 'id' | 'name' | 'tokenHint' | 'scopes' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'createdById'>) {
  return {
    id: t.id,
    name: t.name,
    tokenHint: t.tokenHint,
    scopes: t.scopes,
    createdById: t.createdById,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

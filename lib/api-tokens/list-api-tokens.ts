import { db } from '@/lib/db';
import { serializeApiToken } from './serialize-api-token';

/** The organization's tokens, newest first; a token whose owner has left is listed as inactive. */
export async function listApiTokens(orgId: string) {
  // Not the principals of OAuth grants (#63): those are listed as grants.
  const rows = await db.apiToken.findMany({ where: { orgId, oauthGrant: null }, orderBy: { createdAt: 'desc' } });
  const owners = new Set(
    (
      await db.membership.findMany({
        where: { orgId, userId: { in: rows.flatMap((r) => (r.createdById ? [r.createdById] : [])) } },
        select: { userId: true },
      })
    ).map((m) => m.userId),
  );
  return rows.map((r) => serializeApiToken(r, r.createdById !== null && owners.has(r.createdById)));
}

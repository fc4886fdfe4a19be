import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import { serializeApiToken } from './serialize-api-token';
import { forgetApiToken } from './resolve-api-token';

/** Revokes a token of the organization (a foreign id is 404); revoking twice keeps the first time. */
export async function revokeApiToken(orgId: string, tokenId: string) {
  // An OAuth grant's principal is revoked as the grant (Settings → Security), not here.
  const row = await db.apiToken.findFirst({ where: { id: tokenId, orgId, oauthGrant: null } });
  if (!row) throw notFound('API token');
  const revoked = row.revokedAt
    ? row
    : await db.$transaction(async (tx) => {
        const updated = await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: clock.now() } });
        await recordAudit(tx, {
          orgId,
          action: 'token.revoked',
          target: { type: 'token', id: row.id, label: row.name },
        });
        return updated;
      });
  forgetApiToken(row.tokenHash);
  return serializeApiToken(revoked);
}

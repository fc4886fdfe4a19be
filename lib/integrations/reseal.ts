// After INTEGRATIONS_ENCRYPTION_KEY changes (#64): every integration whose secrets an older key sealed (one listed in
// INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS) is sealed again under the current key, once at start. When none is left on
// the old key, the old key can leave INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS.
import { db } from '@/lib/db';
import { logger } from '@/lib/log';
import { recordAudit } from '@/lib/audit/record-audit';
import { currentKeyRing, open, seal } from './secret-box';

export async function resealIntegrations(): Promise<void> {
  const ring = currentKeyRing();
  if (!ring.current) return;
  const stale = await db.integration.findMany({
    where: { keyId: { not: ring.current.id } },
    select: { id: true, orgId: true, name: true, secrets: true, keyId: true },
  });
  let resealed = 0;
  for (const row of stale) {
    if (!ring.byId.has(row.keyId)) continue;
    const sealed = seal(open(row.secrets, row.id, ring), row.id, ring);
    await db.$transaction(async (tx) => {
      // Only if nobody rotated it meanwhile.
      const done = await tx.integration.updateMany({
        where: { id: row.id, keyId: row.keyId },
        data: { secrets: sealed.sealed, keyId: sealed.keyId },
      });
      if (done.count)
        await recordAudit(tx, {
          orgId: row.orgId,
          action: 'integration.secrets_rotated',
          target: { type: 'integration', id: row.id, label: row.name },
          changes: { secrets: [], keyId: { from: row.keyId, to: sealed.keyId } },
          actor: {},
        });
    });
    resealed++;
  }
  const unreadable = stale.length - resealed;
  if (resealed || unreadable)
    logger.info({ resealed, unreadable }, '[integrations] secrets resealed under the current encryption key');
}

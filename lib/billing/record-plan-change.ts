import type { Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';

/** The audit log's entry for a plan Stripe changed (#48): the system acts, the Stripe event says why. */
export async function recordPlanChange(
  tx: Tx,
  c: { orgId: string; name: string; from: 'FREE' | 'PRO'; to: 'FREE' | 'PRO'; stripeEventId: string },
): Promise<void> {
  if (c.from === c.to) return;
  await recordAudit(tx, {
    orgId: c.orgId,
    action: 'org.billing_plan_changed',
    actor: { userId: undefined, userEmail: undefined, tokenId: undefined },
    target: { type: 'organization', id: c.orgId, label: c.name },
    changes: { plan: { from: c.from, to: c.to }, stripeEvent: c.stripeEventId },
  });
}

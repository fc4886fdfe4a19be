import type { Tx } from '@/lib/db';
import { recordPlanChange } from './record-plan-change';
import { subscriptionPayload } from '@/lib/zod/billing';
import { noChange, type WebhookOutcome } from './webhook-outcome';

/** The end of the subscription returns its organization to FREE; existing projects stay. */
export async function handleCustomerSubscriptionDeleted(
  tx: Tx,
  eventId: string,
  object: unknown,
): Promise<WebhookOutcome> {
  const sub = subscriptionPayload.parse(object);
  const select = { id: true, plan: true, name: true } as const;
  const org =
    (sub.customer ? await tx.organization.findUnique({ where: { stripeCustomerId: sub.customer }, select }) : null) ??
    (sub.metadata.orgId ? await tx.organization.findUnique({ where: { id: sub.metadata.orgId }, select }) : null);
  if (!org) return noChange(eventId, `no organization for customer ${sub.customer ?? '-'} / subscription ${sub.id}`);

  // A late deletion of an older subscription must not cancel the one that replaced it; the
  // condition sits in the UPDATE so a concurrent upgrade is re-checked under the row lock.
  const updated = await tx.organization.updateMany({
    where: { id: org.id, OR: [{ stripeSubscriptionId: sub.id }, { stripeSubscriptionId: null }] },
    data: { plan: 'FREE', stripeSubscriptionId: null },
  });
  if (updated.count === 0)
    return noChange(eventId, `subscription ${sub.id} is not the current one of organization ${org.id}`);
  await recordPlanChange(tx, { orgId: org.id, name: org.name, from: org.plan, to: 'FREE', stripeEventId: eventId });
  return { message: 'Organization returned to FREE', change: { orgId: org.id, plan: 'FREE' } };
}

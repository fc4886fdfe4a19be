import type { Tx } from '@/lib/db';
import { recordPlanChange } from './record-plan-change';
import { checkoutSessionPayload } from '@/lib/zod/billing';
import { noChange, type WebhookOutcome } from './webhook-outcome';

/** A paid Checkout upgrades the organization it names to PRO, from the payload alone. */
export async function handleCheckoutSessionCompleted(
  tx: Tx,
  eventId: string,
  object: unknown,
): Promise<WebhookOutcome> {
  const session = checkoutSessionPayload.parse(object);
  if (session.payment_status !== 'paid')
    return noChange(eventId, `checkout ${session.id} is ${session.payment_status}, not paid`);
  const orgId = session.client_reference_id || session.metadata.orgId;
  if (!orgId) return noChange(eventId, `checkout ${session.id} names no organization`);

  const [before] = await tx.$queryRaw<{ plan: 'FREE' | 'PRO'; name: string }[]>`
    SELECT plan, name FROM organizations WHERE id = ${orgId} FOR UPDATE`;
  if (!before) return noChange(eventId, `organization ${orgId} not found`);
  const updated = await tx.organization.updateMany({
    where: { id: orgId },
    data: {
      plan: 'PRO',
      ...(session.customer ? { stripeCustomerId: session.customer } : {}),
      ...(session.subscription ? { stripeSubscriptionId: session.subscription } : {}),
    },
  });
  if (updated.count === 0) return noChange(eventId, `organization ${orgId} not found`);
  await recordPlanChange(tx, { orgId, name: before.name, from: before.plan, to: 'PRO', stripeEventId: eventId });
  return { message: 'Organization upgraded to PRO', change: { orgId, plan: 'PRO' } };
}

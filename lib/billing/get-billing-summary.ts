import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { BillingSummary } from '@/lib/zod/billing';
import { limitsOf, planLimitsEnforced } from './plans';
import { checkoutConfigured } from './stripe';

/** What the dashboard's billing section shows: never Stripe ids, only whether a customer exists. */
export async function getBillingSummary(orgId: string): Promise<BillingSummary> {
  const org = await db.organization.findUnique({
    where: { id: orgId },
    select: { plan: true, stripeCustomerId: true },
  });
  if (!org) throw notFound('Organization');
  return {
    plan: org.plan,
    configured: checkoutConfigured(),
    hasCustomer: org.stripeCustomerId !== null,
    limits: limitsOf(org.plan),
    unlimited: !planLimitsEnforced(),
  };
}

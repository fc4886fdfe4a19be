import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import { monthlyEventLimit, planLimitsEnforced } from '@/lib/billing/plans';

/** This UTC month's counters of the organization (zeros before its first event) against its plan's quota. */
export async function getUsage(orgId: string) {
  const month = monthOf(clock.now());
  const [org, usage] = await Promise.all([
    db.organization.findUnique({ where: { id: orgId }, select: { plan: true } }),
    db.monthlyUsage.findUnique({ where: { orgId_month: { orgId, month } } }),
  ]);
  if (!org) throw notFound('Organization');
  return {
    plan: org.plan,
    used: usage?.used ?? 0,
    limit: monthlyEventLimit(org.plan),
    month,
    breakdown: { errors: usage?.errors ?? 0, warnings: usage?.warnings ?? 0, info: usage?.info ?? 0 },
    transactions: usage?.transactions ?? 0,
    // Only on an instance without plan limits (PLAN_LIMITS=off): nothing is refused for quota, and `limit` is the
    // largest count kept. Otherwise the answer is exactly the spec's (plus `transactions`).
    ...(planLimitsEnforced() ? {} : { unlimited: true as const }),
  };
}

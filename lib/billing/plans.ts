import type { Plan } from '@/lib/generated/prisma/enums';
import { env } from '@/lib/env';

/** Monthly event quota and project limit of each plan (null = unlimited), as the spec sets them. */
export const PLAN_LIMITS: Record<Plan, { monthlyEvents: number; projects: number | null }> = {
  FREE: { monthlyEvents: 10_000, projects: 1 },
  PRO: { monthlyEvents: 500_000, projects: null },
};

/** The monthly "limit" of an instance without plan limits: the largest count the usage row holds. */
export const UNLIMITED_EVENTS = 2_147_483_647;

/**
 * Whether the plans' limits apply. They do by default, as the spec says; a self-hosted instance that bills nobody
 * sets PLAN_LIMITS=off to lift them (no quota, no project limit). With Stripe configured they always apply.
 */
export function planLimitsEnforced(): boolean {
  const off = (process.env.PLAN_LIMITS ?? '').trim().toLowerCase() === 'off';
  return !off || Boolean(env.stripeSecretKey);
}

export function limitsOf(plan: Plan): { monthlyEvents: number; projects: number | null } {
  return planLimitsEnforced() ? PLAN_LIMITS[plan] : { monthlyEvents: UNLIMITED_EVENTS, projects: null };
}

export function monthlyEventLimit(plan: Plan): number {
  return limitsOf(plan).monthlyEvents;
}

/** For the start log. */
export function planLimitsStatusLine(): string {
  if (planLimitsEnforced()) {
    const ignored =
      (process.env.PLAN_LIMITS ?? '').trim().toLowerCase() === 'off'
        ? ' (PLAN_LIMITS=off ignored: Stripe is configured)'
        : '';
    return `plans: FREE (10,000 events a month, 1 project) and PRO limits apply${ignored}; a self-hosted instance without billing can set PLAN_LIMITS=off`;
  }
  return 'plans: PLAN_LIMITS=off: no monthly quota and no project limit (self-hosted, no billing)';
}

import type { Plan } from '@/lib/generated/prisma/enums';

/** Monthly event quota and project limit of each plan (null = unlimited). */
export const PLAN_LIMITS: Record<Plan, { monthlyEvents: number; projects: number | null }> = {
  FREE: { monthlyEvents: 10_000, projects: 1 },
  PRO: { monthlyEvents: 500_000, projects: null },
};

export function monthlyEventLimit(plan: Plan): number {
  return PLAN_LIMITS[plan].monthlyEvents;
}

import { monthlyEventLimit, PLAN_LIMITS } from '@/lib/billing/plans';
import type { Level } from '@/lib/generated/prisma/enums';
import { monthOf } from '@/lib/clock';

/** Plan → monthly event limit, as a JSON parameter so the statement reads the org's current plan itself. */
export function planLimitsJson(): string {
  return JSON.stringify(
    Object.fromEntries(
      (Object.keys(PLAN_LIMITS) as (keyof typeof PLAN_LIMITS)[]).map((plan) => [plan, monthlyEventLimit(plan)]),
    ),
  );
}

/** The limit of the org's plan at the moment the statement runs (a plan change takes effect at once). */
export const LIMIT_SQL = (orgParam: string, limitsParam: string) =>
  `(${limitsParam}::jsonb ->> (SELECT plan::text FROM organizations WHERE id = ${orgParam}))::int`;

/** The usage breakdown an error event of `level` adds to: errors = ERROR+FATAL, warnings = WARNING, info = INFO+DEBUG. */
export function usageIncrements(level: Level): { errors: number; warnings: number; info: number } {
  return {
    errors: level === 'ERROR' || level === 'FATAL' ? 1 : 0,
    warnings: level === 'WARNING' ? 1 : 0,
    info: level === 'INFO' || level === 'DEBUG' ? 1 : 0,
  };
}

export function usageMonth(at: Date): string {
  return monthOf(at);
}

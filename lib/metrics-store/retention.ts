// How long metrics are kept (#61), per plan: raw points for days (Explore's samples, an erasure's rows), per-minute
// rollups longer (a chart of the last weeks at minute resolution), per-hour rollups as long as the plan keeps events.
// Never longer than the plan's event retention (RETENTION_DAYS_FREE / RETENTION_DAYS_PRO), never under a day.
import type { Plan } from '@/lib/generated/prisma/enums';

export const METRIC_RETENTION_DAYS = {
  points: { FREE: 7, PRO: 14 },
  minutes: { FREE: 14, PRO: 30 },
} as const;

/** Days a plan keeps metric points and minute rollups, given the days it keeps events (hour rollups: those). */
export function metricRetentionDays(plan: Plan, eventDays: number): { points: number; minutes: number; hours: number } {
  const cap = (n: number) => Math.max(1, Math.min(n, eventDays));
  return {
    points: cap(METRIC_RETENTION_DAYS.points[plan]),
    minutes: cap(METRIC_RETENTION_DAYS.minutes[plan]),
    hours: Math.max(1, eventDays),
  };
}

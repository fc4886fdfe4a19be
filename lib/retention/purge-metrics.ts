// Metrics age out per plan (#61, lib/metrics-store/retention.ts): raw points by day of receipt (whole daily
// partitions past every plan's period, rows where plans differ, as purgeOldData does for logs), minute and hour
// rollups by their bucket, and a series once none of its rollups is left. The states of cumulative OTLP streams go
// two days after their last export, as open sessions' do.
import type { Plan } from '@/lib/generated/prisma/enums';
import { metricRetentionDays } from '@/lib/metrics-store/retention';
import { pool } from '@/lib/pg';

const DAY_MS = 86_400_000;

/** The cutoffs of a plan's metrics, from its event retention in days. */
export function metricCutoffs(plan: Plan, eventDays: number, now: number) {
  const d = metricRetentionDays(plan, eventDays);
  return {
    points: new Date(now - d.points * DAY_MS),
    minutes: new Date(now - d.minutes * DAY_MS),
    hours: new Date(now - d.hours * DAY_MS),
  };
}

/** Deletes a plan's rollups and series past their cutoffs (in `orgIds` only, when given). */
export async function purgeMetricRollups(
  plan: Plan,
  cutoffs: ReturnType<typeof metricCutoffs>,
  orgIds: string[] | null,
): Promise<void> {
  // Table and column names are constants, never input.
  for (const [table, column, before] of [
    ['metric_minutes', 'minute', cutoffs.minutes],
    ['metric_hours', 'hour', cutoffs.hours],
  ] as const)
    await pool().query(
      `DELETE FROM ${table} t USING projects p, organizations o
        WHERE p.number = t.project AND o.id = p.org_id AND o.plan = $1::plan AND t.${column} < $2
          AND ($3::text[] IS NULL OR o.id = ANY($3))`,
      [plan, before, orgIds],
    );
  await pool().query(
    `DELETE FROM metric_series s USING projects p, organizations o
      WHERE p.id = s.project_id AND o.id = p.org_id AND o.plan = $1::plan AND s.last_seen < $2::date
        AND ($3::text[] IS NULL OR o.id = ANY($3))`,
    [plan, cutoffs.hours.toISOString().slice(0, 10), orgIds],
  );
}

/** Forgets the cumulative streams not exported for two days (their next point counts whole). */
export async function purgeMetricStreams(now: number): Promise<void> {
  await pool().query('DELETE FROM metric_streams WHERE updated_at < $1', [new Date(now - 2 * DAY_MS)]);
}

// Metric rollups against a recount of the points stored (#61): for each series' minute and hour, count, sum, min and
// max as the rollups answer them (the folded rows and those still waiting) beside the same figures summed from the
// raw points. Empty when they agree. For points without histograms (what the Sentry SDKs send).
import { pool } from '@/lib/pg';

export async function metricRollupMismatches(projectNumbers: number[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [table, col, width] of [
    ['metric_minutes', 'minute', 60],
    ['metric_hours', 'hour', 3600],
  ] as const) {
    const { rows } = await pool().query(
      `WITH pending AS (
         SELECT series, to_timestamp(floor(extract(epoch FROM minute) / $2) * $2) AS b, count, sum, min, max
           FROM metric_rollup_pending WHERE project = ANY($1)),
       stored AS (
         SELECT series, b, sum(count)::int AS count, sum(sum) AS sum, min(min) AS min, max(max) AS max FROM (
           SELECT series, ${col} AS b, count, sum, min, max FROM ${table} WHERE project = ANY($1)
           UNION ALL SELECT * FROM pending) x GROUP BY 1, 2),
       recount AS (
         SELECT series, to_timestamp(floor(extract(epoch FROM timestamp) / $2) * $2) AS b, count(*)::int AS count,
                sum(value) AS sum, min(value) AS min, max(value) AS max
           FROM metric_points WHERE project = ANY($1) GROUP BY 1, 2)
       SELECT coalesce(s.series, r.series)::text AS series, coalesce(s.b, r.b) AS bucket, s.count AS stored, r.count AS points,
              s.sum AS stored_sum, r.sum AS points_sum, s.min AS stored_min, r.min AS points_min, s.max AS stored_max,
              r.max AS points_max
         FROM stored s FULL JOIN recount r ON r.series = s.series AND r.b = s.b
        WHERE s.count IS DISTINCT FROM r.count OR abs(coalesce(s.sum, 0) - coalesce(r.sum, 0)) > 1e-9
           OR s.min IS DISTINCT FROM r.min OR s.max IS DISTINCT FROM r.max`,
      [projectNumbers, width],
    );
    out.push(...rows.map((r) => ({ table, ...r })));
  }
  return out;
}

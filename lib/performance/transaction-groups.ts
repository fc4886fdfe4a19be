import { notFound } from '@/lib/errors';
import type { TransactionGroup } from '@/lib/zod/performance';
import { PERFORMANCE_SAMPLE_SIZE, performanceWindow, receivedFloor } from './window';
import { readDb } from '@/lib/replica';

export const TRANSACTION_GROUPS_LIMIT = 50;

type Row = {
  project_found: boolean;
  name: string | null;
  count: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
  last_seen: Date | null;
  failures: number | null;
  covered_minutes: number | null;
};

/**
 * Transaction groups of the window in one SQL statement: the most recent 5,000 rows (an index range scan on
 * (project_id, timestamp)), grouped by name with exact percentile_cont, top 50 by count. The project row
 * is left-joined so a project outside the organization yields no row at all (404) rather than an empty list.
 * Beyond the spec, from the same sample: `failureRate` (status other than `ok`) and `throughput` per minute over
 * the part of the window the sample covers: the whole window unless it holds more than 5,000 transactions, then
 * from the sample's oldest one to now (so the read stays bounded however busy the project is).
 */
export async function transactionGroups({
  orgId,
  projectId,
  days,
  environment,
}: {
  orgId: string;
  projectId: string;
  days: number;
  environment?: string;
}): Promise<TransactionGroup[]> {
  const { since, until } = performanceWindow(days);
  const rows = await readDb().$queryRaw<Row[]>`
    WITH project AS (
      SELECT id FROM projects WHERE id = ${projectId} AND org_id = ${orgId}
    ), sample AS (
      SELECT t.name, t.duration, t.timestamp, t.status
      FROM transactions t
      -- project_id as a one-value range, not "=", so it stays in the sort key below: then only the
      -- (project_id, timestamp) index yields this order, never the timestamp-only one that would walk
      -- past every other project's rows in the window.
      WHERE t.project_id >= ${projectId} AND t.project_id <= ${projectId}
        AND EXISTS (SELECT 1 FROM project)
        AND t.timestamp >= ${since}::timestamptz AND t.timestamp <= ${until}::timestamptz
        AND t.received_at >= ${receivedFloor(since)}::timestamptz
        AND (${environment ?? null}::text IS NULL OR t.environment = ${environment ?? null}::text)
      ORDER BY t.project_id, t.timestamp DESC
      LIMIT ${PERFORMANCE_SAMPLE_SIZE}::int
    ), covered AS (
      SELECT extract(epoch FROM ${until}::timestamptz - CASE WHEN count(*) >= ${PERFORMANCE_SAMPLE_SIZE}::int THEN min(timestamp) ELSE ${since}::timestamptz END) / 60 AS minutes
      FROM sample
    ), groups AS (
      SELECT name,
        (count(*) FILTER (WHERE status <> 'ok'))::int AS failures,
        count(*)::int AS count,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY duration) AS p50,
        percentile_cont(0.75) WITHIN GROUP (ORDER BY duration) AS p75,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
        max(timestamp) AS last_seen
      FROM sample
      GROUP BY name
      ORDER BY count DESC, name ASC
      LIMIT ${TRANSACTION_GROUPS_LIMIT}::int
    )
    SELECT true AS project_found, g.name, g.count, g.p50, g.p75, g.p95, g.last_seen, g.failures,
      (SELECT minutes FROM covered)::float8 AS covered_minutes
    FROM project LEFT JOIN groups g ON true
    ORDER BY g.count DESC, g.name ASC`;
  if (rows.length === 0) throw notFound('Project');
  return rows
    .filter((r) => r.name !== null)
    .map((r) => ({
      name: r.name!,
      count: r.count!,
      p50: r.p50!,
      p75: r.p75!,
      p95: r.p95!,
      lastSeen: r.last_seen!.toISOString(),
      failureRate: r.failures! / r.count!,
      // A sample of 5,000 rows sharing one instant covers no time: count it as a minute rather than divide by 0.
      throughput: r.count! / Math.max(r.covered_minutes!, 1),
    }));
}

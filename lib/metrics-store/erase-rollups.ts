// Taking erased points back out of the rollups (#61, docs/erasure.md). What the points added is added again negated,
// as waiting rows (./rollup-fold.ts): counts, sums and sketch buckets come back out exactly, in the erasure's own
// transaction, and reads add them at once. Extremes and the last value cannot be subtracted: once folded, each
// minute and hour the points were in gets them recomputed from the points left there, and a bucket left with no
// point goes.
import type pg from 'pg';
import { pool } from '@/lib/pg';
import { foldMetricRollups } from './rollup-fold';
import { foldPoints, HOUR_MS, MINUTE_MS } from './rollup-math';
import { sketchLiteral } from './sketch';
import type { RollupPoint } from './types';

/** Adds, as waiting rows, what `points` added to their series' minutes, negated. */
export async function takeBackPoints(client: pg.ClientBase, points: RollupPoint[]): Promise<void> {
  const rows = foldPoints(points, MINUTE_MS);
  if (rows.length === 0) return;
  const negated = (s: Map<number, number> | null) => (s ? new Map([...s].map(([k, c]) => [k, -c])) : null);
  await client.query(
    `INSERT INTO metric_rollup_pending (series, minute, project, count, sum, last_at, sketch)
     SELECT s, m, p, c, su, 'epoch', sk::bigint[]
       FROM unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::bigint[], $5::float8[], $6::text[])
         AS u(s, m, p, c, su, sk)`,
    [
      rows.map((r) => r.series),
      rows.map((r) => new Date(r.bucketMs)),
      rows.map((r) => r.project),
      rows.map((r) => -r.count),
      rows.map((r) => -r.sum),
      rows.map((r) => {
        const s = negated(r.sketch);
        return s ? sketchLiteral(s) : null;
      }),
    ],
  );
}

/** A point's extremes as its rollup counts them: its value, or a histogram's min and max. */
const LOW = `CASE WHEN m.histogram IS NULL THEN m.value ELSE (m.histogram->>'min')::float8 END`;
const HIGH = `CASE WHEN m.histogram IS NULL THEN m.value ELSE (m.histogram->>'max')::float8 END`;

const BUCKETS = `a AS (SELECT DISTINCT * FROM unnest($1::bigint[], $2::timestamptz[]) AS a(series, bucket))`;
const repair = (table: string, col: string, width: string) => `
  WITH ${BUCKETS},
  x AS (SELECT a.series, a.bucket, min(${LOW}) AS min, max(${HIGH}) AS max,
               (array_agg(m.value ORDER BY m.timestamp DESC))[1] AS last, max(m.timestamp) AS last_at
          FROM a JOIN metric_points m ON m.series = a.series AND m.timestamp >= a.bucket
                                     AND m.timestamp < a.bucket + interval '${width}'
         GROUP BY 1, 2)
  UPDATE ${table} r SET min = x.min, max = x.max, last = x.last, last_at = x.last_at
    FROM x WHERE r.series = x.series AND r.${col} = x.bucket`;
// A separate statement: a DELETE cannot see rows another part of its own statement updated.
const emptied = (table: string, col: string) => `
  WITH ${BUCKETS} DELETE FROM ${table} r USING a WHERE r.series = a.series AND r.${col} = a.bucket AND r.count <= 0`;

/**
 * After an erasure's batches: folds what they took back, then recomputes the extremes and last value of every minute
 * and hour the erased points were in (`points`: a series and a time in each) from the points left, and removes those
 * left empty.
 */
export async function repairRollups(points: { series: string; timeMs: number }[]): Promise<void> {
  if (points.length === 0) return;
  await foldMetricRollups();
  for (const [table, col, width, size] of [
    ['metric_minutes', 'minute', '1 minute', MINUTE_MS],
    ['metric_hours', 'hour', '1 hour', HOUR_MS],
  ] as const) {
    const keys = new Map(
      points.map((p) => {
        const bucket = Math.floor(p.timeMs / size) * size;
        return [`${p.series}|${bucket}`, [p.series, new Date(bucket)] as const];
      }),
    );
    const list = [...keys.values()];
    const params = [list.map((k) => k[0]), list.map((k) => k[1])];
    await pool().query(repair(table, col, width), params);
    await pool().query(emptied(table, col), params);
  }
}

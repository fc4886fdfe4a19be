// Writing rollups (#61): rows folded from points (./rollup-math.ts) added to metric_minutes or metric_hours in one
// statement: counts and sums added, the extremes widened, the latest value kept, sketches merged by the migration's
// metric_sketch_merge. An erasure passes the same rows negated (counts, sums and sketches taken back out) and then
// recomputes what cannot be subtracted (./rollup-repair.ts). Raw SQL on the caller's client: the ingest writer's
// transaction, an erasure's batch.
import type pg from 'pg';
import type { RollupRow } from './rollup-math';
import { sketchLiteral } from './sketch';

/** The rollup tables and their bucket column (constants, never input). */
export const ROLLUP_TABLES = { metric_minutes: 'minute', metric_hours: 'hour' } as const;
export type RollupTable = keyof typeof ROLLUP_TABLES;

/** Adds `rows` (in the order given: callers sort them, so concurrent writers lock in one order). */
export async function upsertRollups(client: pg.ClientBase, table: RollupTable, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const bucket = ROLLUP_TABLES[table];
  await client.query(
    `INSERT INTO ${table} AS m (series, ${bucket}, project, count, sum, min, max, last, last_at, sketch)
     SELECT s, b, p, c, su, mi, ma, la, lat, sk::bigint[]
       FROM unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[],
                   $8::float8[], $9::timestamptz[], $10::text[]) AS u(s, b, p, c, su, mi, ma, la, lat, sk)
     ON CONFLICT (series, ${bucket}) DO UPDATE SET
       count = m.count + EXCLUDED.count,
       sum = m.sum + EXCLUDED.sum,
       min = least(m.min, EXCLUDED.min),
       max = greatest(m.max, EXCLUDED.max),
       last = CASE WHEN EXCLUDED.last_at >= m.last_at THEN EXCLUDED.last ELSE m.last END,
       last_at = greatest(m.last_at, EXCLUDED.last_at),
       sketch = metric_sketch_merge(m.sketch, EXCLUDED.sketch)`,
    [
      rows.map((r) => r.series),
      rows.map((r) => new Date(r.bucketMs).toISOString()),
      rows.map((r) => r.project),
      rows.map((r) => r.count),
      rows.map((r) => r.sum),
      rows.map((r) => r.min),
      rows.map((r) => r.max),
      rows.map((r) => r.last),
      rows.map((r) => isoMicros(r.lastAtMs)),
      rows.map((r) => (r.sketch ? sketchLiteral(r.sketch) : null)),
    ],
  );
}

/** An ISO time from epoch milliseconds with their fraction, to the microsecond (Date keeps only milliseconds). */
export function isoMicros(ms: number): string {
  const total = Math.round(ms * 1000);
  const whole = Math.floor(total / 1000);
  const micros = total - whole * 1000;
  const iso = new Date(whole).toISOString();
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

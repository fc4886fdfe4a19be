// The metric rollups (#61), in two steps as profiles' function hours are. A batch of points writes, in its own
// transaction, what it adds to each series' minute as waiting rows (metric_rollup_pending): insert-only, so batches
// never wait on each other. A fold then takes waiting rows (SKIP LOCKED, deleted in the statement that adds them: a
// row is folded once), sums them per series and minute and per series and hour, and adds them to metric_minutes and
// metric_hours: counts and sums added, extremes widened, the latest value kept, sketches merged. Reads add the waiting
// rows to the folded ones (./read-rollups.ts), so when a fold runs changes no answer. Measured (docs/metrics.md): adding
// to the rollups in the points' transaction took a second a batch under load (every batch updating the same hot rows
// and merging their sketches), the waiting rows a few milliseconds.
// A process folds a few seconds after it stores points, and the minute job folds what a stopped process left.
import { logger } from '@/lib/log';
import { pool } from '@/lib/pg';
import { hourOf } from './query-sql';

/** Waiting rows one fold statement takes. */
const BATCH = 20_000;
/** How long after storing points a process folds: long enough to fold many batches at once. */
const FOLD_DELAY_MS = 5_000;

const HOUR = hourOf('minute');

/** The waiting rows summed per series and bucket (`minute`, or an expression of it), and their sketches. */
const folded = (bucket: string) => `
  SELECT series, ${bucket} AS bucket, min(project) AS project, sum(count)::bigint AS count, sum(sum) AS sum,
         min(min) AS min, max(max) AS max, (array_agg(last ORDER BY last_at DESC))[1] AS last, max(last_at) AS last_at
    FROM taken GROUP BY 1, 2`;
const sketches = (bucket: string) => `
  SELECT g.series, g.bucket, array_agg(v.x ORDER BY g.k, v.o) AS sketch
    FROM (SELECT series, ${bucket} AS bucket, k, sum(c)::bigint AS c FROM pairs GROUP BY 1, 2, 3) g
   CROSS JOIN LATERAL (VALUES (g.k, 0), (g.c, 1)) AS v(x, o)
   WHERE g.c <> 0 GROUP BY 1, 2`;

const upsert = (table: 'metric_minutes' | 'metric_hours', col: 'minute' | 'hour', bucket: string) => `
  INSERT INTO ${table} AS r (series, ${col}, project, count, sum, min, max, last, last_at, sketch)
  SELECT f.series, f.bucket, f.project, f.count, f.sum, f.min, f.max, f.last, f.last_at, s.sketch
    FROM (${folded(bucket)}) f
    LEFT JOIN (${sketches(bucket)}) s ON s.series = f.series AND s.bucket = f.bucket
   ORDER BY f.series, f.bucket
  ON CONFLICT (series, ${col}) DO UPDATE SET
    count = r.count + EXCLUDED.count,
    sum = r.sum + EXCLUDED.sum,
    min = least(r.min, EXCLUDED.min),
    max = greatest(r.max, EXCLUDED.max),
    last = CASE WHEN EXCLUDED.last_at >= r.last_at THEN EXCLUDED.last ELSE r.last END,
    last_at = greatest(r.last_at, EXCLUDED.last_at),
    sketch = metric_sketch_merge(r.sketch, EXCLUDED.sketch)
  RETURNING 1`;

const FOLD = `
WITH taken AS (
  DELETE FROM metric_rollup_pending
   WHERE id IN (SELECT id FROM metric_rollup_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING series, minute, project, count, sum, min, max, last, last_at, sketch
), pairs AS (
  SELECT t.series, t.minute, x.k, x.c
    FROM taken t CROSS JOIN LATERAL (
      SELECT t.sketch[i] AS k, t.sketch[i + 1] AS c
        FROM generate_series(1, coalesce(array_length(t.sketch, 1), 0), 2) AS i) x
), minutes AS (${upsert('metric_minutes', 'minute', 'minute')}
), hours AS (${upsert('metric_hours', 'hour', HOUR)})
SELECT (SELECT count(*) FROM taken)::int AS n`;

/** Folds every waiting row; returns how many were folded. */
export async function foldMetricRollups(): Promise<number> {
  let folded = 0;
  for (;;) {
    const { rows } = await pool().query<{ n: number }>(FOLD, [BATCH]);
    folded += rows[0].n;
    if (rows[0].n < BATCH) return folded;
  }
}

const g = globalThis as unknown as { trackerMetricFold?: NodeJS.Timeout | null };

/** Folds a few seconds from now, once however many batches this process stores meanwhile. */
export function foldSoon(): void {
  if (g.trackerMetricFold) return;
  g.trackerMetricFold = setTimeout(() => {
    foldMetricRollups()
      .catch((err) => logger.error({ err }, '[metrics] rollup fold failed (the minute job retries)'))
      .finally(() => {
        g.trackerMetricFold = null;
      });
  }, FOLD_DELAY_MS);
  g.trackerMetricFold.unref();
}

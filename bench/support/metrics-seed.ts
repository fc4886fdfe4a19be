// A day of metric points for the read benches (#62 bench:alerts): one project's series as @sentry/node sends them
// (a request-duration distribution per route and environment, a queue-depth gauge, an orders counter) and `n` points
// spread evenly over the last 24 hours, received a second after they were measured, in SQL like explore-seed.ts.
import { performance } from 'node:perf_hooks';
import type pgLib from 'pg';

const DAY_S = 86_400;
const CHUNK = 1_000_000;

type Target = { sql: pgLib.Client; projectId: string; projectNumber: number; log: (msg: string) => void };

/** 12 series: 8 distributions (4 routes × 2 environments), 2 gauges, 2 counters. */
export const SERIES = 12;

export async function seedMetrics(t: Target, n: number): Promise<void> {
  const series = `('x' || left(md5('${t.projectId}:' || k), 16))::bit(64)::bigint`;
  await t.sql.query(
    `INSERT INTO metric_series (project_id, id, name, type, unit, attributes)
     SELECT '${t.projectId}', ${series},
            CASE WHEN k < 8 THEN 'http.server.duration' WHEN k < 10 THEN 'queue.depth' ELSE 'orders.placed' END,
            CASE WHEN k < 8 THEN 'distribution' WHEN k < 10 THEN 'gauge' ELSE 'counter' END,
            CASE WHEN k < 8 THEN 'millisecond' ELSE '' END,
            jsonb_build_object('sentry.environment', CASE WHEN k % 2 = 0 THEN 'production' ELSE 'staging' END,
              'sentry.release', 'shop@2.0.0', 'http.route', '/orders/' || (k % 4))
       FROM generate_series(0, ${SERIES - 1}) AS k`,
  );
  for (let from = 0; from < n; from += CHUNK) {
    const t0 = performance.now();
    const count = Math.min(CHUNK, n - from);
    const time = `now() - make_interval(secs => ${DAY_S - 60}.0 * (i::float8 / ${n}))`;
    await t.sql.query(
      `INSERT INTO metric_points (received_at, timestamp, series, value, span_id, trace_id, project, attributes)
       SELECT ${time} + interval '1 second', ${time}, ('x' || left(md5('${t.projectId}:' || (i % ${SERIES})), 16))::bit(64)::bigint,
              CASE WHEN i % ${SERIES} < 8 THEN 5 + (i * 7919 % 400) WHEN i % ${SERIES} < 10 THEN (i * 31 % 1500) ELSE 1 END,
              i * 64, md5((i / 10)::text)::uuid, ${t.projectNumber},
              json_build_object('user.id', 'user-' || i % 5000, 'sentry.sdk.name', 'sentry.javascript.node')
         FROM generate_series(${from}::bigint, ${from + count - 1}::bigint) AS i`,
    );
    t.log(
      `metric points: ${(from + count).toLocaleString('en-US')} of ${n.toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}

/**
 * The rollups ingest's fold would have made of the seeded points (lib/metrics-store/rollup-fold.ts): per series and
 * minute, then per hour, count, sum, min, max, the last value and for distributions the sketch (the key function of
 * lib/metrics-store/sketch.ts in SQL: 1 % accuracy, keys offset by 2048, key and count pairs in key order).
 */
export async function seedMetricRollups(t: Target): Promise<void> {
  const t0 = performance.now();
  const key = `CASE WHEN abs(p.value) <= 1e-9 THEN 0
    ELSE sign(p.value)::int * (ceil(ln(abs(p.value)) / ln(1.01 / 0.99))::int + 2048) END`;
  const fold = (table: string, col: string, bucket: string, source: string, pairs: string) => `
    INSERT INTO ${table} (series, ${col}, project, count, sum, min, max, last, last_at, sketch)
    SELECT f.series, f.b, f.project, f.count, f.sum, f.min, f.max, f.last, f.last_at, k.sketch
      FROM (SELECT series, ${bucket} AS b, min(project) AS project, ${source}
              FROM src p GROUP BY 1, 2) f
      LEFT JOIN (SELECT series, b, array_agg(x ORDER BY k, o) AS sketch
                   FROM (${pairs}) g CROSS JOIN LATERAL (VALUES (g.k, 0), (g.c, 1)) AS v(x, o) GROUP BY 1, 2) k
        ON k.series = f.series AND k.b = f.b`;
  await t.sql.query(`WITH src AS (SELECT p.*, s.type FROM metric_points p
      JOIN metric_series s ON s.project_id = '${t.projectId}' AND s.id = p.series)
    ${fold(
      'metric_minutes',
      'minute',
      "date_trunc('minute', p.timestamp)",
      `count(*) AS count, sum(value) AS sum, min(value) AS min, max(value) AS max,
       (array_agg(value ORDER BY timestamp DESC))[1] AS last, max(timestamp) AS last_at`,
      `SELECT series, date_trunc('minute', p.timestamp) AS b, ${key} AS k, count(*)::bigint AS c
         FROM src p WHERE type = 'distribution' GROUP BY 1, 2, 3`,
    )}`);
  t.log(`metric minutes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await t.sql.query(`WITH src AS (SELECT m.*, m.minute AS timestamp, m.count AS n FROM metric_minutes m)
    ${fold(
      'metric_hours',
      'hour',
      "date_trunc('hour', p.minute)",
      `sum(n)::bigint AS count, sum(sum) AS sum, min(min) AS min, max(max) AS max,
       (array_agg(last ORDER BY last_at DESC))[1] AS last, max(last_at) AS last_at`,
      `SELECT series, date_trunc('hour', p.minute) AS b, p.sketch[i] AS k, sum(p.sketch[i + 1])::bigint AS c
         FROM src p CROSS JOIN LATERAL generate_series(1, coalesce(array_length(p.sketch, 1), 0), 2) AS i GROUP BY 1, 2, 3`,
    )}`);
  t.log(`metric minutes and hours in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

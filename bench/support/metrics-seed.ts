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

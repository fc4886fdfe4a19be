// Set-based seeding and timing shared by the read benches (bench:scale, bench:search): events spread over daily
// partitions with one INSERT … SELECT generate_series per day, the hourly rollup and issue counts derived from
// them, and p50/p95 of repeated runs.
import { performance } from 'node:perf_hooks';
import type pgLib from 'pg';

export const DAY_MS = 86_400_000;
const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

export const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** Runs `fn` 3 times to warm up, then `runs` times; prints p50/p95 against the p95 target and says whether it was met. */
export async function timeRuns({
  label,
  runs,
  targetMs,
  fn,
}: {
  label: string;
  runs: number;
  targetMs: number;
  fn: () => Promise<unknown>;
}): Promise<{ ok: boolean; p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  const p50 = quantile(samples, 0.5);
  const p95 = quantile(samples, 0.95);
  const ok = p95 < targetMs;
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${ok ? 'OK' : 'OVER'} (target p95 < ${targetMs} ms)`,
  );
  return { ok, p50, p95 };
}

/**
 * `events` error events over `days` daily partitions from `firstDay`, occurrence = receipt time spread evenly over
 * each day. `issueIndex` is a SQL expression (1-based into `issueIds`) over `i` (the row's index in its day), `k`
 * (its index over the whole seed) and `n_issues`. Each row: 3 browsers, 20 routes, 10,000 users, 3 releases.
 */
export async function seedEventsByDay(
  sql: pgLib.Client,
  opts: { projectId: string; issueIds: string[]; events: number; days: number; firstDay: number; issueIndex: string },
): Promise<void> {
  const perDay = Math.ceil(opts.events / opts.days);
  // Ids by position in a keyed temp table: subscripting a large text[] walks it element by element on every row.
  await sql.query(`DROP TABLE IF EXISTS seed_issue_ids`);
  await sql.query(
    `CREATE TEMP TABLE seed_issue_ids AS SELECT n::int, id FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n)`,
    [opts.issueIds],
  );
  await sql.query(`ALTER TABLE seed_issue_ids ADD PRIMARY KEY (n)`);
  await sql.query(`ANALYZE seed_issue_ids`);
  for (let d = 0; d < opts.days; d++) {
    const n = Math.min(perDay, opts.events - d * perDay);
    if (n <= 0) break;
    await sql.query(
      `INSERT INTO events (issue_id, project_id, level, message, stacktrace, tags, user_context, environment, release, timestamp, received_at)
       SELECT s.id,
              $1, 'ERROR', 'failure ' || (i % 97),
              '{"frames":[{"filename":"app.js","function":"render","lineno":42},{"filename":"lib.js","function":"call","lineno":7}]}'::jsonb,
              jsonb_build_object('browser', (ARRAY['Chrome','Firefox','Safari'])[1 + i % 3], 'route', '/r/' || (i % 20)),
              jsonb_build_object('id', 'u' || (i % 10000)), 'production', '1.0.' || (i % 3),
              $2::timestamptz + (i::double precision / $3) * interval '1 day',
              $2::timestamptz + (i::double precision / $3) * interval '1 day'
       FROM generate_series(0, $3::int - 1) AS i
       CROSS JOIN LATERAL (SELECT $4::bigint + i AS k, ${opts.issueIds.length} AS n_issues) g
       JOIN seed_issue_ids s ON s.n = (${opts.issueIndex})`,
      [opts.projectId, new Date(opts.firstDay + d * DAY_MS), n, d * perDay],
    );
    process.stdout.write(`\rseeding events: day ${d + 1}/${opts.days}`);
  }
}

/** The hourly rollup from the seeded events, and each issue's event count, first and last seen from it. */
export async function seedHourlyRollup(sql: pgLib.Client): Promise<void> {
  await sql.query(`INSERT INTO issue_hourly_counts (issue_id, hour, count)
    SELECT issue_id, date_bin('1 hour', timestamp, ${EPOCH}), count(*)::int FROM events GROUP BY 1, 2`);
  await sql.query(`UPDATE issues i SET event_count = c.n, first_seen = c.first, last_seen = c.last
    FROM (SELECT issue_id, sum(count)::int AS n, min(hour) AS first, max(hour) + interval '59 minutes' AS last FROM issue_hourly_counts GROUP BY 1) c
    WHERE c.issue_id = i.id`);
}

/**
 * `total` transactions of one project over `days` daily partitions from `firstDay` (ms), 50 route names, web vitals
 * on three in four: one INSERT … SELECT generate_series per day (bench:scale, bench:dashboard).
 */
export async function seedTransactionsByDay(
  sql: pgLib.Client,
  opts: { projectId: string; total: number; days: number; firstDay: number },
): Promise<void> {
  const perDay = Math.ceil(opts.total / opts.days);
  for (let d = 0; d < opts.days; d++) {
    const n = Math.min(perDay, opts.total - d * perDay);
    if (n <= 0) break;
    await sql.query(
      `INSERT INTO transactions (project_id, name, duration, status, timestamp, received_at, lcp, cls, fcp, ttfb)
       SELECT $1, '/route-' || (i % 50), 20 + (i * 7919 % 2000) / 3.0, 'ok',
              $2::timestamptz + (i::double precision / $3) * interval '1 day', $2::timestamptz + (i::double precision / $3) * interval '1 day',
              CASE WHEN i % 4 = 0 THEN NULL ELSE 800 + (i * 104729 % 4000) END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE (i * 31 % 400) / 1000.0 END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE 400 + (i * 7907 % 3000) END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE 50 + (i * 15485863 % 2000) END
       FROM generate_series(0, $3::bigint - 1) AS i`,
      [opts.projectId, new Date(opts.firstDay + d * DAY_MS), n],
    );
  }
}

/** `count` issues of one project (`fp-<n>`, "TypeError: failure <n>"), their ids in order (bench:scale, bench:dashboard). */
export async function seedIssues(sql: pgLib.Client, projectId: string, count: number): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO issues (project_id, fingerprint, title, culprit, first_seen, last_seen)
     SELECT $1, 'fp-' || g, 'TypeError: failure ' || g, 'app.js in fn' || g, now(), now() FROM generate_series(0, $2::int - 1) g
     RETURNING id`,
    [projectId, count],
  );
  return rows.map((r) => r.id);
}

// Times the performance endpoint queries (the list, vitals, and one transaction's page) against 1,000,000
// transactions in a fresh embedded PostgreSQL, and prints the plan of the transaction page's range scan.
// Usage: npm run bench:perf   (BENCH_ROWS overrides the row count)
import { performance } from 'node:perf_hooks';
import pgLib from 'pg';
import { startBenchDatabase } from './support/database';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const NAMES = 50;
const DAYS = 30;
const RUNS = 20;
const WARMUP = 3;
const TARGET_MS = 200;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function time(label: string, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    runs.push(performance.now() - t0);
  }
  const med = median(runs);
  console.log(
    `${label.padEnd(34)} median ${med.toFixed(1).padStart(6)} ms   min ${Math.min(...runs)
      .toFixed(1)
      .padStart(6)} ms   max ${Math.max(...runs)
      .toFixed(1)
      .padStart(6)} ms   ${med < TARGET_MS ? 'OK' : 'OVER'} (target < ${TARGET_MS} ms)`,
  );
  return med;
}

async function main() {
  const pg = await startBenchDatabase('tracker-bench-');
  try {
    // Imported after DATABASE_URL is set, so the pool connects to the bench database.
    const { closePool } = await import('@/lib/pg');
    const { getDb } = await import('@/lib/db');
    const { transactionGroups } = await import('@/lib/performance/transaction-groups');
    const { webVitals } = await import('@/lib/performance/web-vitals');
    const { transactionDetail } = await import('@/lib/performance/transaction-detail');
    // Seeding and scan statistics go through their own connection; the timed calls use the app's pool.
    const sql = new pgLib.Client({ connectionString: pg.url });
    await sql.connect();

    const {
      rows: [org],
    } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
    const {
      rows: [project],
    } = await sql.query(`INSERT INTO projects (org_id, name, slug) VALUES ($1, 'Bench', 'bench') RETURNING id`, [
      org.id,
    ]);

    // Newest first, evenly over 30 days; durations and vitals spread deterministically; every 4th row has no vitals.
    let t0 = performance.now();
    await sql.query(
      `INSERT INTO transactions (project_id, name, duration, status, timestamp, lcp, cls, fcp, ttfb)
       SELECT $1, '/route-' || (i % $3), 20 + (i * 7919 % 2000) / 3.0, CASE WHEN i % 20 = 0 THEN 'internal_error' ELSE 'ok' END,
              now() - (i::double precision / $2 * $4) * interval '1 day',
              CASE WHEN i % 4 = 0 THEN NULL ELSE 800 + (i * 104729 % 4000) END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE (i * 31 % 400) / 1000.0 END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE 400 + (i * 7907 % 3000) END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE 50 + (i * 15485863 % 2000) END
       FROM generate_series(1, $2::bigint) AS i`,
      [project.id, ROWS, NAMES, DAYS],
    );
    console.log(
      `seeded ${ROWS.toLocaleString('en-US')} transactions (${NAMES} names, ${DAYS} days) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    await sql.query('VACUUM ANALYZE transactions');
    console.log(`vacuum analyze in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const scans = async () => {
      await sql.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await sql.query(
        `SELECT indexrelname AS name, idx_scan AS n FROM pg_stat_user_indexes WHERE relname = 'transactions'
         UNION ALL SELECT 'sequential', seq_scan FROM pg_stat_user_tables WHERE relname = 'transactions'`,
      );
      return Object.fromEntries(rows.map((r) => [r.name as string, Number(r.n)]));
    };
    const before = await scans();

    const groups = await transactionGroups({ orgId: org.id, projectId: project.id, days: 7 });
    const vitals = await webVitals({ orgId: org.id, projectId: project.id, days: 7 });
    console.log(`transactions (days=7): ${groups.length} groups, top: ${JSON.stringify(groups[0])}`);
    console.log(`vitals (days=7): ${JSON.stringify(vitals)}`);

    const results = [
      await time('GET performance/transactions 7d', () =>
        transactionGroups({ orgId: org.id, projectId: project.id, days: 7 }),
      ),
      await time('GET performance/transactions 30d', () =>
        transactionGroups({ orgId: org.id, projectId: project.id, days: 30 }),
      ),
      await time('GET performance/vitals 7d', () => webVitals({ orgId: org.id, projectId: project.id, days: 7 })),
      await time('GET performance/vitals 30d', () => webVitals({ orgId: org.id, projectId: project.id, days: 30 })),
      await time('GET transactions/:name 1h', () =>
        transactionDetail({
          orgId: org.id,
          projectId: project.id,
          name: '/route-7',
          period: '1h',
          environment: undefined,
        }),
      ),
      await time('GET transactions/:name 24h', () =>
        transactionDetail({
          orgId: org.id,
          projectId: project.id,
          name: '/route-7',
          period: '24h',
          environment: undefined,
        }),
      ),
      await time('GET transactions/:name 7d', () =>
        transactionDetail({
          orgId: org.id,
          projectId: project.id,
          name: '/route-7',
          period: '7d',
          environment: undefined,
        }),
      ),
      await time('GET transactions/:name 30d', () =>
        transactionDetail({
          orgId: org.id,
          projectId: project.id,
          name: '/route-7',
          period: '30d',
          environment: undefined,
        }),
      ),
    ];
    const { rows: plan } = await sql.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT timestamp, duration, status FROM transactions
       WHERE project_id = $1 AND name = '/route-7' AND timestamp >= now() - interval '7 days' AND received_at >= now() - interval '7 days 1 minute'`,
      [project.id],
    );
    const { rows: vitalsPlan } = await sql.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT t.lcp FROM transactions t
       WHERE t.project_id >= $1 AND t.project_id <= $1 AND t.timestamp >= now() - interval '30 days'
         AND t.received_at >= now() - interval '30 days 1 minute' AND ('/route-7'::text IS NULL OR t.name = '/route-7'::text)
       ORDER BY t.project_id, t.timestamp DESC LIMIT 5000`,
      [project.id],
    );
    console.log(
      `plan of one name's 30-day vitals sample:\n${vitalsPlan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
    );
    console.log(
      `plan of the transaction page's 7-day range scan (one name of ${NAMES}):\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
    );
    // Backends flush their statistics when they exit, so close the pool before reading the scan counts.
    await getDb().$disconnect();
    await closePool();
    await new Promise((r) => setTimeout(r, 500));
    const after = await scans();
    const deltas = Object.keys(after).map((k) => `${k} +${after[k] - (before[k] ?? 0)}`);
    console.log(`scans of transactions during the ${8 * (WARMUP + RUNS) + 2} calls: ${deltas.join(', ')}`);
    console.log(
      '(the timestamp-only index is probed by the planner for its range estimates, not scanned by the executor)',
    );
    await sql.end();
    if (results.some((m) => m >= TARGET_MS)) process.exitCode = 1;
  } finally {
    await pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

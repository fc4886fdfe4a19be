// Explore (#61): `npm run bench:explore [-- --spans 10000000 --logs 10000000 --metrics 10000000 --errors 1000000
// --runs 20 --data-dir DIR]`. A fresh embedded PostgreSQL with a day of data in its daily partitions
// (bench/support/explore-seed.ts: spans with their transactions, log lines, error events; metrics-seed.ts: metric
// points and the rollups the fold makes of them); with --data-dir, a kept one seeded once and read again by later
// runs (its day moves on with the clock: the seed's last hours fall out of the 24 h range) and a fixed set of 12 Explore queries (each dataset, each family of
// aggregates, group-by of one to three), each asked through the route handler itself (session, parse, plan, the one
// statement, the answer) `--runs` times after 3 warm-ups: p50 and p95 against the 300 ms target, whether it was
// sampled and at what rate, how many rows it read. Then each query once more exactly (no sample, no time limit), to
// print how far the sampled numbers are from the exact ones. A dataset added later adds its seeder and its queries to
// SEEDERS and QUERIES below.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { startBenchDatabase } from './support/database';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import { quantile } from './support/seed';
import { runBench } from './support/service';
import { seedErrors, seedLogs, seedSpans, withIndexesDeferred } from './support/explore-seed';
import { seedMetricRollups, seedMetrics } from './support/metrics-seed';

const { values: args } = parseArgs({
  options: {
    spans: { type: 'string', default: '10000000' },
    logs: { type: 'string', default: '10000000' },
    errors: { type: 'string', default: '1000000' },
    metrics: { type: 'string', default: '10000000' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    analyze: { type: 'boolean', default: false },
    runs: { type: 'string', default: '20' },
    'no-exact': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const TARGET_MS = 300;
const log = (msg: string) => console.log(`[bench] ${msg}`);

type Target = Parameters<typeof seedSpans>[0];
/** What each dataset is seeded with. */
const SEEDERS: Record<string, (t: Target) => Promise<void>> = {
  spans: (t) => seedSpans(t, Number(args.spans)),
  logs: (t) => seedLogs(t, Number(args.logs)),
  errors: (t) => seedErrors(t, Number(args.errors)),
  metrics: (t) => seedMetrics(t, Number(args.metrics)),
};

/** The tables seeded. */
const TABLES = ['spans', 'transactions', 'logs', 'events', 'metric_points'];

/** The fixed set: every dataset, every family of aggregates, group-by of one to three fields. */
const QUERIES: [string, Record<string, string>][] = [
  ['spans: p95 by span.op', { dataset: 'spans', aggregate: 'p95(span.duration)', groupBy: 'span.op' }],
  [
    'spans: avg, count by transaction, span.op',
    { dataset: 'spans', aggregate: 'avg(span.duration),count()', groupBy: 'transaction,span.op' },
  ],
  ['spans: failure_rate() by transaction', { dataset: 'spans', aggregate: 'failure_rate()', groupBy: 'transaction' }],
  [
    'spans: spm() of db spans by a data key',
    { dataset: 'spans', query: 'span.op:db', aggregate: 'spm()', groupBy: 'net.peer.name' },
  ],
  [
    'transactions: p95, epm by transaction',
    { dataset: 'transactions', aggregate: 'p95(transaction.duration),epm()', groupBy: 'transaction' },
  ],
  ['logs: count() by severity', { dataset: 'logs', groupBy: 'severity' }],
  [
    'logs: count_unique(user.id) by server',
    { dataset: 'logs', aggregate: 'count_unique(user.id)', groupBy: 'server.address' },
  ],
  [
    'logs: sum, max of attributes, 3 group-bys',
    {
      dataset: 'logs',
      query: 'severity:[warn,error]',
      aggregate: 'sum(payment.amount),max(cart.items)',
      groupBy: 'http.route,environment,release',
    },
  ],
  ['logs: count() of a word', { dataset: 'logs', query: 'declined' }],
  [
    'metrics: p95(value) of a distribution by route',
    { dataset: 'metrics', query: 'metric.name:http.server.duration', aggregate: 'p95(value)', groupBy: 'http.route' },
  ],
  [
    'metrics: sum, avg of a metric by environment, route',
    {
      dataset: 'metrics',
      query: 'metric.name:http.server.duration',
      aggregate: 'sum(value),avg(value)',
      groupBy: 'environment,http.route',
    },
  ],
  ['errors: count() by release, environment, level', { dataset: 'errors', groupBy: 'release,environment,level' }],
];

/** The database kept in `dir` (made and migrated on first use), not removed when the bench ends. */
async function keptDatabase(dir: string) {
  const db = await startEmbeddedPostgres({ dir, database: 'tracker_bench', persistent: true });
  migrateDeploy(db.url);
  process.env.DATABASE_URL = db.url;
  return { url: db.url, stop: db.stop };
}

/** A day of one project's data in a new organization, with its owner. */
async function seedDay(sql: pgLib.Client) {
  const {
    rows: [org],
  } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
  const {
    rows: [user],
  } = await sql.query(
    `INSERT INTO users (name, email, email_verified, org_id) VALUES ('Bench', 'bench@example.com', now(), $1) RETURNING id`,
    [org.id],
  );
  await sql.query(`INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'OWNER')`, [org.id, user.id]);
  const {
    rows: [project],
  } = await sql.query(`INSERT INTO projects (org_id, name, slug) VALUES ($1, 'Shop', 'shop') RETURNING id, number`, [
    org.id,
  ]);
  const target = { sql, projectId: project.id, projectNumber: project.number, log };
  const t0 = performance.now();
  await withIndexesDeferred(sql, TABLES, async () => {
    for (const [name, seed] of Object.entries(SEEDERS)) {
      log(`seeding ${name}`);
      await seed(target);
    }
  });
  await seedMetricRollups(target);
  log('VACUUM ANALYZE');
  await sql.query(`VACUUM ANALYZE ${[...TABLES, 'metric_series', 'metric_minutes', 'metric_hours'].join(', ')}`);
  log(`seeded in ${((performance.now() - t0) / 60_000).toFixed(1)} min`);
  return { org, user, project };
}

async function main() {
  process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789abcdef0123456789';
  process.env.LOG_LEVEL ??= 'silent';
  const pg = args['data-dir']
    ? await keptDatabase(args['data-dir'])
    : await startBenchDatabase('tracker-bench-explore-');
  const sql = new pgLib.Client({ connectionString: pg.url });
  await sql.connect();
  try {
    // Imported after DATABASE_URL is set, so their pools connect to the bench database.
    const { ensurePartitions } = await import('@/lib/retention/partitions');
    const { createSession } = await import('@/lib/auth/session');
    const { GET } = await import('@/app/api/v1/organization/explore/route');
    const { compileQuery } = await import('@/lib/explore/compile');
    const { exploreSql } = await import('@/lib/explore/build-sql');
    const { shapeResult } = await import('@/lib/explore/shape-result');
    const { exploreScope } = await import('@/lib/explore/run-explore');
    const { exploreSearchParamsSchema } = await import('@/lib/zod/explore');

    const now = Date.now();
    await ensurePartitions(new Date(now - 2 * 86_400_000), new Date(now + 86_400_000));
    const kept = await sql.query<{ org: string; user: string }>(
      `SELECT o.id AS org, u.id AS "user" FROM organizations o JOIN users u ON u.org_id = o.id WHERE o.slug = 'bench'`,
    );
    const seeded = kept.rows[0];
    const { org, user } = seeded ? { org: { id: seeded.org }, user: { id: seeded.user } } : await seedDay(sql);
    if (seeded) log(`reading the day seeded before in ${args['data-dir']}`);
    const { rows: sizes } = await sql.query(
      `SELECT p.relname AS table, sum(c.reltuples)::bigint AS rows, pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ANY($1) GROUP BY 1 ORDER BY 1`,
      [TABLES],
    );
    for (const s of sizes) log(`${s.table}: ${Number(s.rows).toLocaleString('en-US')} rows, ${s.size}`);

    const { cookie } = await createSession(user.id);
    const ask = async (params: Record<string, string>) => {
      const url = `http://localhost/api/v1/organization/explore?${new URLSearchParams({ statsPeriod: '24h', ...params })}`;
      const res = await GET(new Request(url, { headers: { cookie: cookie.split(';')[0] } }), {
        params: Promise.resolve({}),
      });
      const body = (await res.json()) as { data: ReturnType<typeof shapeResult>; message: string };
      if (res.status !== 200) throw new Error(`${res.status} ${body.message} for ${url}`);
      return body.data;
    };

    if (args.analyze) {
      // Where each query's time goes: the plan step (EXPLAIN, the choice) and the statement run, with its plan.
      const { planQuery, withExploreSession } = await import('@/lib/explore/run-explore');
      for (const [label, params] of QUERIES.filter(([l]) => !args.only || l.includes(args.only))) {
        const q = exploreSearchParamsSchema.parse({ statsPeriod: '24h', ...params });
        const scope = await exploreScope({ orgId: org.id, userId: user.id, role: 'OWNER' }, q);
        const c = compileQuery(q, { nowMs: Date.now(), ...scope });
        await withExploreSession(async (client) => {
          const s0 = performance.now();
          const exact = exploreSql(c, null);
          const choice = await planQuery(client, c, exact);
          const s1 = performance.now();
          const stmt = choice.exact ? exact : exploreSql(c, { percent: choice.rate * 100 });
          const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${stmt.text}`, stmt.values);
          console.log(`\n== ${label}: plan step ${(s1 - s0).toFixed(0)} ms, ${JSON.stringify(choice)}`);
          console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
        });
      }
      return;
    }

    const results = [];
    for (const [label, params] of QUERIES.filter(([l]) => !args.only || l.includes(args.only))) {
      for (let i = 0; i < 3; i++) await ask(params);
      const times: number[] = [];
      let answer: Awaited<ReturnType<typeof ask>> | undefined;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        answer = await ask(params);
        times.push(performance.now() - s);
      }
      const r = { label, params, p50: quantile(times, 0.5), p95: quantile(times, 0.95), answer: answer! };
      results.push(r);
      console.log(
        `${label.padEnd(46)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95.toFixed(0).padStart(5)} ms  ${r.p95 < TARGET_MS ? 'OK  ' : 'OVER'}  ${r.answer.meta.sampled ? `sampled ${(r.answer.meta.sampleRate * 100).toPrecision(2)} %` : 'source' in r.answer.meta ? 'rollups' : 'exact'}, ${r.answer.meta.rows.toLocaleString('en-US')} rows read`,
      );
    }

    if (!args['no-exact']) {
      console.log('');
      console.log('the same queries read exactly (every row, no time limit): the first aggregate of the top row');
      for (const r of results) {
        const q = exploreSearchParamsSchema.parse({ statsPeriod: '24h', ...r.params });
        const scope = await exploreScope({ orgId: org.id, userId: user.id, role: 'OWNER' }, q);
        // The range the sampled answer had, so both read the same rows.
        const c = compileQuery(q, { nowMs: Date.parse(r.answer.meta.end), ...scope });
        const stmt = exploreSql(c, null);
        const s = performance.now();
        const exact = shapeResult(c, (await sql.query(stmt.text, stmt.values)).rows, null);
        const ms = performance.now() - s;
        const agg = r.answer.meta.aggregates[0];
        const sampled = r.answer.table[0]?.[agg] as number | undefined;
        const row = exact.table.find((x) => r.answer.meta.groupBy.every((g) => x[g] === r.answer.table[0]?.[g]));
        const truth = row?.[agg] as number | undefined;
        const off = sampled !== undefined && truth ? ((sampled - truth) / truth) * 100 : NaN;
        console.log(
          `${r.label.padEnd(46)} exact ${String(truth).padStart(12)}  sampled ${String(sampled).padStart(12)}  ${Number.isNaN(off) ? '' : `${off >= 0 ? '+' : ''}${off.toFixed(1)} %`}  (exact read: ${(ms / 1000).toFixed(1)} s)`,
        );
      }
    }
    const over = results.filter((r) => r.p95 >= TARGET_MS);
    console.log('');
    console.log(
      over.length
        ? `${over.length} of ${results.length} queries over p95 ${TARGET_MS} ms: ${over.map((r) => r.label).join('; ')}`
        : `all ${results.length} queries answered with p95 under ${TARGET_MS} ms`,
    );
  } finally {
    await sql.end();
    const { closePool } = await import('@/lib/pg');
    await closePool();
    await pg.stop();
  }
}

runBench(main);

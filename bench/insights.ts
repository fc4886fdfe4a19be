// Insights (#62): `npm run bench:insights [-- --spans 1000000 --other 0 --runs 5]`. A fresh embedded PostgreSQL
// with a day of spans in their daily partitions (bench:explore's seed: 20 routes, each transaction a root and 19
// children, db 60 %, http.client 20 %), `--other` more spans of a second project in the same partitions, then each
// Insights read (lib/insights) `--runs` times after a warm-up: p50 and the process-independent figure that matters,
// PostgreSQL's CPU time for each statement (its backend's, no parallel workers: what the load does not change),
// and EXPLAIN ANALYZE of it (buffers, the plan's top nodes).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { startBenchDatabase } from './support/database';
import { quantile } from './support/seed';
import { runBench } from './support/service';
import { seedSpans, withIndexesDeferred } from './support/explore-seed';

const { values: args } = parseArgs({
  options: {
    spans: { type: 'string', default: '1000000' },
    other: { type: 'string', default: '0' },
    runs: { type: 'string', default: '5' },
  },
});
const log = (msg: string) => console.log(`[bench] ${msg}`);

/** A process's user and system CPU time so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function project(sql: pgLib.Client, orgId: string, slug: string) {
  const { rows } = await sql.query(
    `INSERT INTO projects (org_id, name, slug) VALUES ($1, $2, $2) RETURNING id, number`,
    [orgId, slug],
  );
  return rows[0] as { id: string; number: number };
}

async function main() {
  process.env.LOG_LEVEL ??= 'silent';
  const pg = await startBenchDatabase('tracker-bench-insights-');
  const sql = new pgLib.Client({ connectionString: pg.url });
  await sql.connect();
  try {
    const { ensurePartitions } = await import('@/lib/retention/partitions');
    const insights = {
      queries: (await import('@/lib/insights/queries')).insightQueries,
      http: (await import('@/lib/insights/http')).insightHttp,
      caches: (await import('@/lib/insights/caches')).insightCaches,
      queues: (await import('@/lib/insights/queues')).insightQueues,
    };
    const now = Date.now();
    await ensurePartitions(new Date(now - 2 * 86_400_000), new Date(now + 86_400_000));
    const {
      rows: [org],
    } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
    const shop = await project(sql, org.id, 'shop');
    const other = await project(sql, org.id, 'other');
    await withIndexesDeferred(sql, ['spans', 'transactions'], async () => {
      await seedSpans({ sql, projectId: shop.id, projectNumber: shop.number, log }, Number(args.spans));
      if (Number(args.other) > 0)
        await seedSpans({ sql, projectId: other.id, projectNumber: other.number, log }, Number(args.other));
    });
    await sql.query('VACUUM ANALYZE spans');

    // Every statement the reads send, to explain it afterwards with the same values.
    const sent: { text: string; values: unknown[] }[] = [];
    const original = pgLib.Client.prototype.query;
    pgLib.Client.prototype.query = function (this: pgLib.Client, ...a: unknown[]) {
      if (typeof a[0] === 'string' && a[0].includes('FROM spans b'))
        sent.push({ text: a[0], values: (a[1] as unknown[]) ?? [] });
      return (original as (...x: unknown[]) => unknown).apply(this, a);
    } as typeof original;

    const input = { orgId: org.id, projectId: shop.id, statsPeriod: '24h' as const };
    for (const [name, read] of Object.entries(insights)) {
      await read(input);
      sent.length = 0;
      const times: number[] = [];
      for (let i = 0; i < Number(args.runs); i++) {
        const t0 = performance.now();
        await read(input);
        times.push(performance.now() - t0);
      }
      // The last run's statements, each explained in a session set as the reads' own (work_mem).
      const statements = sent.slice(-sent.length / Number(args.runs));
      console.log(
        `${name.padEnd(8)} p50 ${quantile(times, 0.5).toFixed(0).padStart(6)} ms (uptime load ${loadavg()[0].toFixed(1)})`,
      );
      // One backend, no parallel workers: its CPU time is the statement's whole cost, whatever the machine's load.
      await sql.query(`SET work_mem = '64MB'; SET max_parallel_workers_per_gather = 0`);
      const {
        rows: [{ pid }],
      } = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      for (const last of statements) {
        const before = cpuMs(pid);
        for (let i = 0; i < 3; i++) await sql.query(last.text, last.values);
        console.log(
          `  statement: PostgreSQL CPU ${((cpuMs(pid) - before) / 3).toFixed(0)} ms a run (one backend, 3 runs)`,
        );
        const { rows } = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${last.text}`, last.values);
        const plan = (rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[])[0];
        const nodes: string[] = [];
        const walk = (n: Record<string, unknown>, depth: number) => {
          if (depth < 6 && /Scan|Aggregate|Sort|CTE/.test(String(n['Node Type'])))
            nodes.push(
              `${'  '.repeat(depth)}${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''} rows=${n['Actual Rows']}${n['Sort Method'] ? ` ${n['Sort Method']} ${n['Sort Space Used']}kB ${n['Sort Space Type']}` : ''}`,
            );
          for (const c of (n.Plans as Record<string, unknown>[]) ?? []) walk(c, depth + 1);
        };
        walk(plan.Plan, 0);
        console.log(
          `             EXPLAIN ANALYZE ${plan['Execution Time'].toFixed(0).padStart(6)} ms  shared hit ${plan.Plan['Shared Hit Blocks']} read ${plan.Plan['Shared Read Blocks']}`,
        );
        for (const n of nodes.slice(0, 12)) console.log(`         ${n}`);
      }
    }
  } finally {
    await sql.end();
    const { closePool } = await import('@/lib/pg');
    await closePool();
    await pg.stop();
  }
}

runBench(main);

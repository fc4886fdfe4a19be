// Metric alerts at scale (#62): `npm run bench:alerts [-- --spans 10000000 --logs 10000000 --metrics 10000000
// --rules 1000 --projects 10 --minutes 5]`. A fresh embedded PostgreSQL with a day of spans (and their
// transactions), log lines and metric points spread over `--projects` projects (bench/support/explore-seed.ts,
// metrics-seed.ts), and `--rules` metric alert rules made through the service (so each is checked as the API
// checks it): a mix over every dataset, aggregate family, group-by, comparison and window from a minute to a day.
// Then the minute job's metric evaluation (lib/alerts/evaluate-metric-alerts.ts) for `--minutes` consecutive
// minutes, each timed: wall time, and the CPU time PostgreSQL's processes spent on it (read from /proc, the bench
// database's postmaster and its backends), against the target of under 10 s of PostgreSQL time a minute.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { processes } from './support/cpu';
import { startBenchDatabase } from './support/database';
import { seedLogs, seedSpans, withIndexesDeferred } from './support/explore-seed';
import { seedMetrics } from './support/metrics-seed';
import { quantile } from './support/seed';
import { load } from './support/load';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { proProject, runBench, signUpBenchUser, startInstance } from './support/service';

const { values: args } = parseArgs({
  options: {
    spans: { type: 'string', default: '10000000' },
    logs: { type: 'string', default: '10000000' },
    metrics: { type: 'string', default: '10000000' },
    rules: { type: 'string', default: '1000' },
    projects: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '5' },
    'ingest-seconds': { type: 'string', default: '0' },
  },
});
const TARGET_PG_S = 10;
const log = (msg: string) => console.log(`[bench] ${msg}`);

type Template = {
  dataset: string;
  query?: string;
  aggregate: string;
  groupBy?: string[];
  window: number;
  comparison?: '1d';
  critical: number;
};
/** The rule mix: each project gets the templates in turn, so every dataset, window and comparison is present. */
const TEMPLATES: Template[] = [
  { dataset: 'spans', query: 'span.op:db', aggregate: 'p95(span.duration)', window: 5, critical: 45 },
  { dataset: 'spans', query: 'span.op:http.client', aggregate: 'count()', window: 1, critical: 1e9 },
  { dataset: 'spans', aggregate: 'failure_rate()', window: 15, critical: 0.5 },
  { dataset: 'spans', aggregate: 'avg(span.duration)', groupBy: ['transaction'], window: 10, critical: 1e9 },
  { dataset: 'spans', query: 'span.op:db', aggregate: 'spm()', window: 60, critical: 1e9 },
  {
    dataset: 'spans',
    query: 'transaction:"GET /orders/3"',
    aggregate: 'p99(span.duration)',
    window: 30,
    comparison: '1d',
    critical: 50,
  },
  { dataset: 'transactions', aggregate: 'p95(transaction.duration)', window: 5, critical: 2000 },
  { dataset: 'transactions', aggregate: 'epm()', groupBy: ['transaction'], window: 15, critical: 1e9 },
  { dataset: 'transactions', aggregate: 'failure_rate()', window: 60, critical: 0.5 },
  { dataset: 'transactions', query: 'environment:staging', aggregate: 'count()', window: 1440, critical: 1e9 },
  { dataset: 'logs', query: 'severity:error', aggregate: 'count()', window: 1, critical: 50 },
  { dataset: 'logs', query: 'declined', aggregate: 'count()', window: 5, critical: 1e9 },
  { dataset: 'logs', aggregate: 'count_unique(user.id)', window: 60, critical: 1e9 },
  { dataset: 'logs', aggregate: 'count()', groupBy: ['severity'], window: 10, critical: 1e9 },
  { dataset: 'logs', aggregate: 'sum(payment.amount)', window: 240, critical: 1e12 },
  { dataset: 'metrics', query: 'metric.name:queue.depth', aggregate: 'max(value)', window: 5, critical: 1000 },
  { dataset: 'metrics', query: 'metric.name:http.server.duration', aggregate: 'p95(value)', window: 15, critical: 1e9 },
  {
    dataset: 'metrics',
    query: 'metric.name:orders.placed',
    aggregate: 'sum(value)',
    window: 60,
    comparison: '1d',
    critical: 1e9,
  },
  {
    dataset: 'metrics',
    query: 'metric.name:http.server.duration',
    aggregate: 'avg(value)',
    groupBy: ['http.route'],
    window: 1,
    critical: 1e9,
  },
  { dataset: 'metrics', query: 'metric.name:orders.placed', aggregate: 'sum(value)', window: 1440, critical: 1e12 },
];

/** CPU milliseconds of the bench database's postmaster and its backends (and of backends that have exited). */
function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ms = 0;
  for (const p of processes())
    if (p.pid === postmaster) ms += p.ms + p.childrenMs;
    else if (p.ppid === postmaster) ms += p.ms;
  return ms;
}

async function main() {
  process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789abcdef0123456789';
  process.env.LOG_LEVEL ??= 'silent';
  const pg = await startBenchDatabase('tracker-bench-alerts-');
  const sql = new pgLib.Client({ connectionString: pg.url });
  await sql.connect();
  try {
    const { ensurePartitions } = await import('@/lib/retention/partitions');
    const { createMetricAlert } = await import('@/lib/alerts/metric-rules');
    const { createMetricAlertSchema } = await import('@/lib/zod/metric-alerts');
    const { evaluateMetricAlerts } = await import('@/lib/alerts/evaluate-metric-alerts');

    const now = Date.now();
    await ensurePartitions(new Date(now - 2 * 86_400_000), new Date(now + 86_400_000));
    const {
      rows: [org],
    } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
    const P = Number(args.projects);
    const projects: { id: string; number: number }[] = [];
    for (let i = 0; i < P; i++) {
      const { rows } = await sql.query(
        `INSERT INTO projects (org_id, name, slug) VALUES ($1, $2, $2) RETURNING id, number`,
        [org.id, `shop-${i}`],
      );
      projects.push(rows[0]);
    }
    const R = Number(args.rules);
    for (let r = 0; r < R; r++) {
      const p = projects[r % P];
      const t = TEMPLATES[Math.floor(r / P) % TEMPLATES.length];
      const input = createMetricAlertSchema.parse({
        name: `rule ${r}`,
        query: { dataset: t.dataset, query: t.query ?? '', aggregates: [t.aggregate], groupBy: t.groupBy ?? [] },
        criticalThreshold: t.critical,
        windowMinutes: t.window,
        comparison: t.comparison ?? null,
        notifyEmail: 'oncall@example.com',
      });
      await createMetricAlert({ orgId: org.id, userId: null, role: 'OWNER', projectId: p.id }, input);
    }
    log(`${R} rules over ${P} projects (${TEMPLATES.length} kinds of rule, windows 1 minute to 1 day)`);

    const t0 = performance.now();
    await withIndexesDeferred(sql, ['spans', 'transactions', 'logs', 'metric_points'], async () => {
      for (const p of projects) {
        const target = { sql, projectId: p.id, projectNumber: p.number, log: () => {} };
        await seedSpans(target, Math.floor(Number(args.spans) / P));
        await seedLogs(target, Math.floor(Number(args.logs) / P));
        await seedMetrics(target, Math.floor(Number(args.metrics) / P));
        log(`seeded project ${p.number} of ${P}`);
      }
    });
    await sql.query('VACUUM ANALYZE spans, transactions, logs, metric_points, metric_series');
    log(`seeded in ${((performance.now() - t0) / 60_000).toFixed(1)} min`);

    const minute0 = Math.floor(Date.now() / 60_000) * 60_000;
    const walls: number[] = [];
    const pgs: number[] = [];
    for (let k = 0; k < Number(args.minutes); k++) {
      const cpu0 = postgresCpuMs(pg.dataDir);
      const s = performance.now();
      const fired = await evaluateMetricAlerts(new Date(minute0 + k * 60_000 + 5_000));
      const wall = performance.now() - s;
      const pgMs = postgresCpuMs(pg.dataDir) - cpu0;
      walls.push(wall);
      pgs.push(pgMs);
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM alert_rules WHERE type = 'METRIC' AND metric_evaluated_at = $1`,
        [new Date(minute0 + k * 60_000)],
      );
      console.log(
        `minute ${k + 1}: ${rows[0].n} rules evaluated in ${(wall / 1000).toFixed(2)} s, PostgreSQL CPU ${(pgMs / 1000).toFixed(2)} s, ${fired.length} changes of state`,
      );
    }
    const worst = Math.max(...pgs) / 1000;
    console.log('');
    console.log(
      `PostgreSQL CPU a minute: median ${(quantile(pgs, 0.5) / 1000).toFixed(2)} s, worst ${worst.toFixed(2)} s (target < ${TARGET_PG_S} s): ${worst < TARGET_PG_S ? 'met' : 'NOT met'}; wall median ${(quantile(walls, 0.5) / 1000).toFixed(2)} s`,
    );
    await costPerKind(sql, pg.dataDir, minute0);
    const ingestSeconds = Number(args['ingest-seconds']);
    if (ingestSeconds > 0) await ingestBeside(pg.url, sql, ingestSeconds);
  } finally {
    await sql.end();
    const { closePool } = await import('@/lib/pg');
    await closePool();
    await pg.stop();
  }
}

/** Each kind of rule read alone (one rule of the first project, 3 times): where a minute's PostgreSQL time goes. */
async function costPerKind(sql: pgLib.Client, dataDir: string, minute0: number) {
  const { readMetricValue } = await import('@/lib/alerts/evaluate-metric-alerts');
  const { resolutionMinutes } = await import('@/lib/alerts/metric-resolution');
  const rules = Number(args.rules);
  console.log('');
  console.log('each kind of rule read alone: PostgreSQL CPU per read, and per minute for its share of the rules');
  for (const [j, t] of TEMPLATES.entries()) {
    const { rows } = await sql.query(
      `SELECT r.id, r.project_id, p.number AS project_number, p.slug AS project_slug, p.name AS project_name, o.plan,
              r.name, r.metric_query, r.window_minutes, r.metric_comparison, r.metric_direction
         FROM alert_rules r JOIN projects p ON p.id = r.project_id JOIN organizations o ON o.id = p.org_id
        WHERE r.name = $1`,
      [`rule ${j * Number(args.projects)}`],
    );
    const cpu0 = postgresCpuMs(dataDir);
    const s = performance.now();
    for (let i = 0; i < 3; i++) await readMetricValue(rows[0], new Date(minute0));
    const wall = (performance.now() - s) / 3;
    const pgMs = (postgresCpuMs(dataDir) - cpu0) / 3;
    const every = resolutionMinutes(t.window, t.comparison ?? null);
    const share = (pgMs * rules) / TEMPLATES.length / every / 1000;
    console.log(
      `${`${t.dataset} ${t.aggregate}${t.groupBy ? ` by ${t.groupBy.join(',')}` : ''}${t.query ? ` (${t.query})` : ''}, ${t.window} min${t.comparison ? ', vs 1d' : ''}`.padEnd(78)} ${pgMs.toFixed(0).padStart(5)} ms PostgreSQL (${wall.toFixed(0)} ms wall), every ${every} min: ${share.toFixed(2)} s a minute`,
    );
  }
}

/**
 * The production server on the bench database (its minute job evaluating the rules), taking realistic Sentry error
 * envelopes from 32 connections in alternating rounds of `seconds`: the rules enabled, then disabled, twice.
 */
async function ingestBeside(url: string, sql: pgLib.Client, seconds: number) {
  const inst = await startInstance({
    distDir: process.env.BENCH_DIST_DIR ?? '.next-bench',
    databaseUrl: url,
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' },
  });
  const svc = { ...inst, ...(await signUpBenchUser(inst)) };
  const { sql: own, project } = await proProject(svc, 'Ingest');
  await own.end();
  const headers = {
    'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/1.40.0, sentry_key=${project.keys[0].publicKey}`,
  };
  const rates: Record<string, number[]> = { rules: [], none: [] };
  let sent = 0;
  for (const mode of ['rules', 'none', 'rules', 'none'] as const) {
    await sql.query(`UPDATE alert_rules SET enabled = $1, metric_evaluated_at = NULL WHERE type = 'METRIC'`, [
      mode === 'rules',
    ]);
    const t0 = performance.now();
    const since = new Date();
    let accepted = 0;
    while (performance.now() - t0 < seconds * 1000) {
      const bodies = Array.from({ length: 1000 }, (_, i) =>
        sentryEnvelope(sdkEvent({ i: sent + i, n: 1_000_000, idPrefix: 'a' }).sentry),
      );
      sent += bodies.length;
      const r = await load({
        port: svc.port,
        pathName: `/api/${project.number}/envelope/`,
        headers,
        bodies,
        opts: { connections: 32 },
      });
      accepted += r.accepted;
    }
    const rate = accepted / ((performance.now() - t0) / 1000);
    rates[mode].push(rate);
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM alert_rules WHERE type = 'METRIC' AND metric_evaluated_at >= date_trunc('minute', $1::timestamptz)`,
      [since],
    );
    console.log(
      `ingest with ${mode === 'rules' ? `${rows[0].n} rules evaluated` : 'rules disabled'}: ${rate.toFixed(0)} accepted/s`,
    );
  }
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratio = avg(rates.rules) / avg(rates.none);
  console.log(
    `ingest beside the rules: ${(ratio * 100).toFixed(1)} % of the rate without them (target ≥ 90 %): ${ratio >= 0.9 ? 'met' : 'NOT met'}`,
  );
}

runBench(main);

// Metrics (#61): `npm run bench:metrics [-- --points 200000 --rounds 2 --runs 20 --indexes --per-request 1000]`.
// Starts the production service on a fresh embedded PostgreSQL (PRO plan, no rate limit) and sends, in alternating
// rounds, metrics as @sentry/node 11 sends them (envelopes of one trace_metric item of 100 metrics, or --per-request N
// up to the SDK's buffer of 1,000, gzipped over 32 KiB as its transport does: request and query durations, orders
// counted, a queue's depth, with the SDK's attributes, the user, the sequence number, the trace and span) and as OTLP
// metric exports of as many data points (delta histograms with the SDK's default buckets, counters, gauges; JSON and
// protobuf), from 32 connections. Prints points/s for each, the CPU a point costs the server and PostgreSQL, and the
// bytes stored per point: the points' partitions (heap, TOAST, index) and the rollups and series beside them. Then
// times the metrics API's reads (a metric's rollups over an hour by minute and over the day by hour, grouped by 0 to 3
// attributes, with percentiles; its latest raw points; a user's points; a trace's points) with their plans. With
// `--indexes`, the index choices measured: a round without the points' (series, timestamp) index and the reads
// without it, then a round with an index on trace ids as well. BENCH_DIST_DIR: the build to serve (default
// .next-bench-metrics; an e2e build of the same sources saves building again).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type pgLib from 'pg';
import { load, rateOf, report, type RunResult } from './support/load';
import { quantile } from './support/seed';
import { log, proProject, runBench, startService, type Service } from './support/service';
import { otlpMetricsProtobuf, otlpMetricsRequest, PER_REQUEST, sentryMetricsEnvelope } from './support/metric-bodies';
import { pointsStatement, type PointsQuery } from '@/lib/metrics-store/read-points';

const { values: args } = parseArgs({
  options: {
    points: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '2' },
    runs: { type: 'string', default: '20' },
    indexes: { type: 'boolean', default: false },
    'per-request': { type: 'string', default: String(PER_REQUEST) },
  },
});
const POINTS = Number(args.points);
const ROUNDS = Number(args.rounds);
const RUNS = Number(args.runs);
const CONNECTIONS = 32;
// Points a request: 100 by default; @sentry/node flushes at 1,000 (its buffer's size), so any app that records more
// than 200 metrics in its 5-second flush interval sends envelopes of 1,000.
const PER = Number(args['per-request']);
// @sentry/node's HTTP transport gzips every body over 32 KiB (GZIP_THRESHOLD in its transports/http.js).
const GZIP_THRESHOLD = 32 * 1024;
const asSdkSends = (body: string) => (Buffer.byteLength(body) > GZIP_THRESHOLD ? gzipSync(body) : body);

type Kind = {
  name: string;
  path: string;
  headers: (body: string | Buffer) => Record<string, string>;
  body: (start: number) => string | Buffer;
};

async function ingest(svc: Service, kinds: Kind[], rounds: number, points: number) {
  const runs = new Map<string, RunResult[]>(kinds.map((k) => [k.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const k of kinds) {
      log(`round ${round}/${rounds}: ${points.toLocaleString('en-US')} points as ${k.name}`);
      const bodies = Array.from({ length: points / PER }, (_, i) => k.body((round * points + i) * PER));
      runs.get(k.name)!.push(
        await load({
          port: svc.port,
          pathName: k.path,
          headers: k.headers(bodies[0]),
          bodies: bodies as string[],
          opts: { connections: CONNECTIONS, groups: { server: svc.child.pid!, database: svc.child.pid! } },
        }),
      );
    }
  }
  return runs;
}

/** Waits for the service to fold every waiting rollup row (it folds 5 s after it stores). */
async function folded(sql: pgLib.Client): Promise<void> {
  const until = performance.now() + 120_000;
  while (performance.now() < until) {
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM metric_rollup_pending');
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('rollups still waiting after 2 minutes');
}

/** Bytes per point stored: the points' partitions (heap; TOAST and index apart), the rollups and the series. */
async function bytesPerPoint(sql: pgLib.Client) {
  await folded(sql);
  await sql.query('VACUUM ANALYZE metric_points, metric_minutes, metric_hours, metric_series');
  const parts = `(SELECT c.oid FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
                   WHERE p.relname = 'metric_points')`;
  const { rows } = await sql.query(
    `SELECT (SELECT count(*) FROM metric_points)::bigint AS points,
            (SELECT coalesce(sum(pg_relation_size(oid)), 0) FROM ${parts} x)::bigint AS heap,
            (SELECT coalesce(sum(pg_table_size(oid) - pg_relation_size(oid)), 0) FROM ${parts} x)::bigint AS toast,
            (SELECT coalesce(sum(pg_indexes_size(oid)), 0) FROM ${parts} x)::bigint AS indexes,
            pg_total_relation_size('metric_minutes')::bigint AS minutes,
            pg_total_relation_size('metric_hours')::bigint AS hours,
            pg_total_relation_size('metric_series')::bigint AS series,
            (SELECT count(*) FROM metric_minutes)::bigint AS minute_rows,
            (SELECT count(*) FROM metric_series)::bigint AS series_rows`,
  );
  const r = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  const per = (b: number) => b / r.points;
  return {
    points: r.points,
    heap: per(r.heap),
    toast: per(r.toast),
    index: per(r.indexes),
    rollups: per(r.minutes + r.hours),
    series: per(r.series),
    total: per(r.heap + r.toast + r.indexes + r.minutes + r.hours + r.series),
    minuteRows: r.minute_rows,
    seriesRows: r.series_rows,
  };
}

type Read = { label: string; path: string; plan?: () => Promise<{ sql: string; values: unknown[] }> };

async function time(svc: Service, reads: Read[], sql: pgLib.Client) {
  const out: { label: string; p50: number; p95: number; n: number; plan: string }[] = [];
  for (const r of reads) {
    let n = 0;
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(`${svc.base}${r.path}`, { headers: { cookie: svc.cookie } });
      if (res.status !== 200) throw new Error(`${r.label}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { points?: unknown[]; buckets?: unknown[] } };
      n = (body.data.points ?? body.data.buckets ?? []).length;
      return performance.now() - t0;
    };
    await once();
    const samples: number[] = [];
    while (samples.length < RUNS) samples.push(await once());
    let plan = '';
    if (r.plan) {
      const statement = await r.plan();
      const { rows } = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.sql}`, statement.values);
      const lines = rows.map((x) => (x['QUERY PLAN'] as string).trim());
      plan = [
        ...lines.filter((s) => /Scan.* on metric_points|Index Cond|Rows Removed/.test(s)).slice(0, 4),
        lines.find((s) => s.startsWith('Buffers')) ?? '',
        lines.find((s) => s.startsWith('Execution Time')) ?? '',
      ].join(' | ');
    }
    out.push({ label: r.label, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), n, plan });
  }
  return out;
}

function printReads(title: string, reads: Awaited<ReturnType<typeof time>>) {
  console.log(title);
  for (const r of reads)
    console.log(
      `${r.label.padEnd(48)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ${String(r.n).padStart(5)} rows  ${r.plan}`,
    );
}

function reads(scope: { orgId: string; projectId: string }, sql: pgLib.Client, user: string, traceId: string): Read[] {
  const base = `/api/v1/projects/${scope.projectId}/metrics`;
  // The API's own statement (lib/metrics-store/read-points.ts) over its default day, for its plan.
  const statement = (q: Omit<PointsQuery, 'from' | 'to'>) => async () => {
    const to = new Date(Date.now() + 60_000);
    const s = await pointsStatement(
      { orgId: scope.orgId, projectIds: [scope.projectId] },
      { from: new Date(to.getTime() - 86_400_000), to, ...q },
      (text, values) => sql.query(text, values),
    );
    return { sql: s.text, values: s.values };
  };
  return [
    { label: 'rollups: last hour by minute', path: `${base}/rollups?name=http.server.duration&hours=1&interval=60` },
    {
      label: 'rollups: by minute, grouped by route',
      path: `${base}/rollups?name=http.server.duration&hours=1&interval=60&groupBy=route`,
    },
    {
      label: 'rollups: by minute, grouped by route, method, status',
      path: `${base}/rollups?name=http.server.duration&hours=1&interval=60&groupBy=route,method,status`,
    },
    { label: 'rollups: the day by hour', path: `${base}/rollups?name=http.server.duration&hours=24&interval=3600` },
    {
      label: 'rollups: the day by hour, grouped by server',
      path: `${base}/rollups?name=http.server.duration&hours=24&interval=3600&groupBy=server`,
    },
    {
      label: 'rollups: a counter, the day by hour',
      path: `${base}/rollups?name=orders.created&hours=24&interval=3600`,
    },
    {
      label: 'points: a metric, latest 100',
      path: `${base}/points?name=http.server.duration`,
      plan: statement({ name: 'http.server.duration' }),
    },
    {
      label: `points: one user's (${user})`,
      path: `${base}/points?name=http.server.duration&attribute=user.id:${user}`,
      plan: statement({ name: 'http.server.duration', filters: [{ key: 'user.id', op: 'in', values: [user] }] }),
    },
    {
      label: 'points: one trace (of the first points)',
      path: `${base}/points?traceId=${traceId}`,
      plan: statement({ traceId }),
    },
    { label: 'the metrics list', path: `${base}` },
  ];
}

async function main() {
  const svc = await startService({
    distDir: process.env.BENCH_DIST_DIR ?? '.next-bench-metrics',
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' },
  });
  const { sql, project } = await proProject(svc, 'Metrics bench');
  try {
    const key = project.keys[0].publicKey;
    const otlpPath = `/api/${project.number}/integration/otlp/v1/metrics`;
    const kinds: Kind[] = [
      {
        name: 'Sentry trace_metric',
        path: `/api/${project.number}/envelope/`,
        headers: (body) => ({
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.node/11.12.0, sentry_key=${key}`,
          ...(Buffer.isBuffer(body) ? { 'content-encoding': 'gzip' } : {}),
        }),
        body: (s) => asSdkSends(sentryMetricsEnvelope(s, PER)),
      },
      {
        name: 'OTLP JSON',
        path: otlpPath,
        headers: () => ({ 'content-type': 'application/json', 'x-sentry-auth': `sentry sentry_key=${key}` }),
        body: (s) => JSON.stringify(otlpMetricsRequest(s, PER)),
      },
      {
        name: 'OTLP protobuf',
        path: otlpPath,
        headers: () => ({ 'content-type': 'application/x-protobuf', 'x-sentry-auth': `sentry sentry_key=${key}` }),
        body: (s) => otlpMetricsProtobuf(otlpMetricsRequest(s, PER)),
      },
    ];
    log('warm-up: 10,000 points of each');
    await ingest(svc, kinds, 1, 10_000);
    const runs = await ingest(svc, kinds, ROUNDS, POINTS);
    const sent = 3 * 10_000 + ROUNDS * 3 * POINTS;
    const size = await bytesPerPoint(sql);
    const sentryOnly = await sql.query(
      `SELECT count(*)::int AS n, avg(pg_column_size(m.*))::int AS row FROM metric_points m WHERE histogram IS NULL`,
    );
    const { rows: sample } = await sql.query(
      `SELECT attributes->>'user.id' AS "user", replace(trace_id::text, '-', '') AS trace FROM metric_points
        WHERE attributes IS NOT NULL AND trace_id IS NOT NULL LIMIT 1`,
    );
    const readList = reads(
      { orgId: svc.orgId, projectId: project.id },
      sql,
      sample[0].user as string,
      sample[0].trace as string,
    );
    const timed = await time(svc, readList, sql);

    let indexes:
      | {
          without: Map<string, RunResult[]>;
          reads: typeof timed;
          trace: Map<string, RunResult[]>;
          traceBytes: number;
          traceReads: typeof timed;
        }
      | undefined;
    if (args.indexes) {
      log('dropping the points’ (series, timestamp) index');
      await sql.query('DROP INDEX metric_points_series_timestamp_idx');
      const without = await ingest(svc, kinds.slice(0, 1), 1, POINTS);
      const withoutReads = await time(svc, readList, sql);
      log('restoring it, and adding an index on trace ids');
      await sql.query('CREATE INDEX metric_points_series_timestamp_idx ON metric_points (series, timestamp)');
      await sql.query(
        'CREATE INDEX bench_metric_points_trace_idx ON metric_points (trace_id) WHERE trace_id IS NOT NULL',
      );
      const trace = await ingest(svc, kinds.slice(0, 1), 1, POINTS);
      const { rows } = await sql.query(
        `SELECT sum(pg_relation_size(c.oid))::bigint AS b FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
          JOIN pg_inherits h ON h.inhrelid = i.indrelid JOIN pg_class p ON p.oid = h.inhparent
         WHERE p.relname = 'metric_points' AND c.relname LIKE '%trace_id%'`,
      );
      const { rows: n } = await sql.query('SELECT count(*)::bigint AS n FROM metric_points');
      indexes = {
        without,
        reads: withoutReads,
        trace,
        traceBytes: Number(rows[0].b) / Number(n[0].n),
        traceReads: await time(svc, readList, sql),
      };
      await sql.query('DROP INDEX bench_metric_points_trace_idx');
    }

    console.log('');
    console.log(
      `metric points, ${PER} a request (Sentry envelopes gzipped over 32 KiB, as the SDK's transport does), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${POINTS.toLocaleString('en-US')} points each:`,
    );
    for (const [name, rs] of runs) rs.forEach((r, i) => report(`${name}, round ${i + 1}`, r));
    for (const [name, rs] of runs) {
      const cpu = rs.map((r) => r.cpu!).filter(Boolean);
      const us = (f: (c: NonNullable<RunResult['cpu']>) => number) =>
        cpu.reduce((s, c) => s + f(c), 0) / cpu.length / PER;
      console.log(
        `${name.padEnd(20)} ${(rateOf(rs) * PER).toFixed(0).padStart(7)} points/s   CPU per point: server ${us((c) => c.serverUs).toFixed(1)} µs + PostgreSQL ${us((c) => c.postgresUs).toFixed(1)} µs (${(1e6 / (us((c) => c.serverUs) + us((c) => c.postgresUs))).toFixed(0)} points per CPU-second)`,
      );
    }
    console.log(`stored ${size.points.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} points sent`);
    console.log(
      `bytes per point: ${size.total.toFixed(0)} = points ${(size.heap + size.toast).toFixed(0)} (heap ${size.heap.toFixed(0)}, TOAST ${size.toast.toFixed(0)}) + index ${size.index.toFixed(0)} + rollups ${size.rollups.toFixed(1)} + series ${size.series.toFixed(1)} ` +
        `(${size.minuteRows.toLocaleString('en-US')} minute rollups, ${size.seriesRows.toLocaleString('en-US')} series); a Sentry point's row ${sentryOnly.rows[0].row} bytes`,
    );
    console.log('');
    printReads(`the metrics API's reads over ${size.points.toLocaleString('en-US')} points, ${RUNS} runs each:`, timed);
    if (indexes) {
      console.log('');
      for (const [name, rs] of indexes.without)
        console.log(
          `${name.padEnd(20)} ${(rateOf(rs) * PER).toFixed(0)} points/s without the (series, timestamp) index`,
        );
      printReads('reads without it:', indexes.reads);
      for (const [name, rs] of indexes.trace)
        console.log(
          `${name.padEnd(20)} ${(rateOf(rs) * PER).toFixed(0)} points/s with an index on trace ids too (${indexes.traceBytes.toFixed(1)} bytes a point)`,
        );
      printReads('reads with it:', indexes.traceReads);
    }
  } finally {
    await sql.end();
  }
}

runBench(main);

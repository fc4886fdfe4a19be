// Spans (#34): `npm run bench:spans [-- --transactions 5000 --spans 20 --runs 40]`. Starts the production service
// on a fresh embedded PostgreSQL (PRO plan, no rate limit) and sends, in 2 alternating rounds through
// /api/<n>/envelope/, transactions as @sentry/node sends them: the same transactions with `--spans` child spans each
// (queries with their statements, HTTP calls, middleware; data attributes) and without any. Prints transactions/s
// and spans/s for both, the bytes each stored span takes (heap and indexes of the spans partitions over the row
// count), and p50/p95 of the trace view's read and of a transaction's span groups.
import { parseArgs } from 'node:util';
import { transactionKey } from '@/lib/traces/span-keys';
import { SPAN_ROWS } from '@/lib/traces/trace-api';
import { load, rateOf, report, type RunResult } from './support/load';
import { spanTransaction } from './support/transactions';
import { timeRuns } from './support/seed';
import { log, proProject, runBench, startService } from './support/service';

const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '5000' },
    spans: { type: 'string', default: '20' },
    runs: { type: 'string', default: '40' },
  },
});
const N = Number(args.transactions);
const SPANS = Number(args.spans);
const RUNS = Number(args.runs);

async function main() {
  const svc = await startService({ distDir: '.next-bench', env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' } });
  const { sql, project } = await proProject(svc, 'Spans bench');
  try {
    const path = `/api/${project.number}/envelope/`;
    const headers = {
      'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.node/11.12.0, sentry_key=${project.keys[0].publicKey}`,
    };
    const run = (bodies: string[]) =>
      load({
        port: svc.port,
        pathName: path,
        headers,
        bodies,
        opts: { connections: 64, groups: { server: svc.child.pid!, database: svc.child.pid! } },
      });
    log('warm-up: 500 of each');
    await run(Array.from({ length: 500 }, (_, i) => spanTransaction(i, SPANS).body));
    await run(Array.from({ length: 500 }, (_, i) => spanTransaction(i, 0).body));
    const runs = { with: [] as RunResult[], without: [] as RunResult[] };
    let lastTrace = '';
    for (const round of [1, 2]) {
      log(`round ${round}/2: ${N} transactions with ${SPANS} spans, then ${N} without`);
      const withSpans = Array.from({ length: N }, (_, i) => spanTransaction(i, SPANS));
      lastTrace = withSpans.at(-1)!.traceId;
      runs.with.push(await run(withSpans.map((t) => t.body)));
      runs.without.push(await run(Array.from({ length: N }, (_, i) => spanTransaction(i, 0).body)));
    }
    await sql.query('VACUUM ANALYZE spans');
    const {
      rows: [size],
    } = await sql.query(
      `SELECT (SELECT sum(span_count) FROM spans)::bigint AS rows,
              (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'spans')::bigint AS bytes`,
    );

    console.log('');
    const trace = await timeRuns({
      label: `trace view (${SPANS + 1} spans)`,
      runs: RUNS,
      targetMs: 100,
      fn: async () => {
        const res = await fetch(`${svc.base}/api/v1/organization/traces/${lastTrace}`, {
          headers: { cookie: svc.cookie },
        });
        if (res.status !== 200) throw new Error(`trace: ${res.status}`);
        await res.arrayBuffer();
      },
    });
    const groups = await timeRuns({
      label: 'span groups of one transaction (7 days)',
      runs: RUNS,
      targetMs: 100,
      fn: async () => {
        const res = await fetch(
          `${svc.base}/api/v1/projects/${project.id}/performance/transactions/${encodeURIComponent('GET /orders/7')}/spans`,
          { headers: { cookie: svc.cookie } },
        );
        if (res.status !== 200) throw new Error(`span groups: ${res.status}`);
        await res.arrayBuffer();
      },
    });

    console.log('');
    console.log(`transactions through /api/<n>/envelope/, 64 connections, 2 alternating rounds of ${N} each:`);
    runs.with.forEach((r, i) => report(`with ${SPANS} spans, round ${i + 1}`, r));
    runs.without.forEach((r, i) => report(`without spans, round ${i + 1}`, r));
    const a = rateOf(runs.with);
    const b = rateOf(runs.without);
    console.log(
      `with spans ${a.toFixed(0)} transactions/s (${(a * SPANS).toFixed(0)} spans/s), without ${b.toFixed(0)}/s: ${((a / b) * 100).toFixed(0)} %`,
    );
    console.log(
      `stored: ${Number(size.rows).toLocaleString('en-US')} spans in ${(Number(size.bytes) / 1024 / 1024).toFixed(1)} MiB = ${(Number(size.bytes) / Number(size.rows)).toFixed(0)} bytes per span (heap, TOAST and indexes)`,
    );
    console.log(`reads: trace view p95 ${trace.p95.toFixed(1)} ms, span groups p95 ${groups.p95.toFixed(1)} ms`);
    // Each index and the read it serves: the plans of the two reads' statements (lib/traces/trace-api.ts).
    const plan = async (label: string, text: string, params: unknown[]) => {
      const { rows } = await sql.query(`EXPLAIN (COSTS OFF) ${text}`, params);
      // The day's partition (the others are empty, so the planner scans them as they are).
      const used = rows.map((r) => String(r['QUERY PLAN'])).filter((l) => /Index/.test(l));
      console.log(`plan of ${label}: ${[...new Set(used.map((l) => l.trim().replace(/^->\s*/, '')))].join('; ')}`);
    };
    await plan('the trace view', 'SELECT * FROM spans WHERE project = ANY($1) AND trace_id = $2::uuid LIMIT 10000', [
      [project.number],
      lastTrace,
    ]);
    await plan(
      'span groups',
      `SELECT s.op, s.group_key, count(*) FROM ${SPAN_ROWS} WHERE b.txn_key = $1 AND b.project = $2
        AND b.received_at >= now() - interval '7 days' AND s.i IS DISTINCT FROM b.segment_index GROUP BY 1, 2`,
      [transactionKey(project.id, 'GET /orders/7'), project.number],
    );
  } finally {
    await sql.end();
  }
}

runBench(main);

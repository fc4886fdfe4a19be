// WAL per item (#65): `npm run bench:wal [-- --items 2000 --port 4880 --only transactions]`. Starts the production service on a fresh
// embedded PostgreSQL (PRO plan, no rate limit) and, for each kind of item, sends a warm-up of 200 and then `--items`
// items through the public ingest endpoints, reading `pg_current_wal_lsn()` before the batch and again once the
// batch has committed and the database has gone quiet (the stored rows counted, then under 16 KB of WAL in 2 s, at most 60 s).
// Prints WAL bytes per item (`pg_wal_lsn_diff`) and the server's and PostgreSQL's CPU per item (process CPU time
// of the service's process group, as bench/support/load.ts counts it). Kinds: small native error envelopes,
// realistic Sentry SDK error events (5–20 KB), transactions with 20 spans, Sentry log items (100 a request),
// session updates, Sentry trace_metric points (100 a request). The WAL of later background work (hourly rollups,
// retention) is not in the window.
import os from 'node:os';
import { parseArgs } from 'node:util';
import type pgLib from 'pg';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { envelopes } from './support/envelopes';
import { load, type RunResult } from './support/load';
import { PER_REQUEST as METRICS_PER_REQUEST, sentryMetricsEnvelope } from './support/metric-bodies';
import { log, proProject, runBench, startService } from './support/service';
import { spanTransaction } from './support/transactions';
import { PER_REQUEST, sentryLogEnvelope } from './support/log-bodies';
import { sessionBodies } from './support/session-bodies';

const { values: args } = parseArgs({
  options: { items: { type: 'string', default: '2000' }, port: { type: 'string' }, only: { type: 'string' } },
});
const N = Number(args.items);
const WARMUP = 200;

type Kind = {
  name: string;
  /** Items in one request. */
  perRequest: number;
  native?: boolean;
  /** `n` items' request bodies; `prefix` keeps ids apart between calls, `key` is the project's public key. */
  bodies: (n: number, prefix: string, key: string) => string[];
  /** Rows stored so far, to know the batch has committed. */
  stored: string;
};

const KINDS: Kind[] = [
  {
    name: 'error events, small (native)',
    perRequest: 1,
    native: true,
    bodies: (n) => envelopes(n),
    stored: 'SELECT count(*)::int AS n FROM events',
  },
  {
    name: 'error events, realistic (Sentry)',
    perRequest: 1,
    bodies: (n, p) => Array.from({ length: n }, (_, i) => sentryEnvelope(sdkEvent({ i, n, idPrefix: p }).sentry)),
    stored: 'SELECT count(*)::int AS n FROM events',
  },
  {
    name: 'transactions, 20 spans',
    perRequest: 1,
    bodies: (n) => Array.from({ length: n }, (_, i) => spanTransaction(i, 20).body),
    stored: 'SELECT count(*)::int AS n FROM transactions',
  },
  {
    name: 'log lines (100 a request)',
    perRequest: PER_REQUEST,
    bodies: (n, _p, key) => Array.from({ length: n / PER_REQUEST }, (_, i) => sentryLogEnvelope(i * PER_REQUEST, key)),
    stored: 'SELECT count(*)::int AS n FROM logs',
  },
  {
    name: 'session updates',
    perRequest: 1,
    // Two updates a page load (init, then how it ended).
    bodies: (n, p) => sessionBodies(n / 2, p),
    stored: 'SELECT 0 AS n',
  },
  {
    name: 'metric points (100 a request)',
    perRequest: METRICS_PER_REQUEST,
    bodies: (n) => Array.from({ length: n / METRICS_PER_REQUEST }, (_, i) => sentryMetricsEnvelope(i * 100)),
    stored: 'SELECT count(*)::int AS n FROM metric_points',
  },
];

/** Full-page images written so far (pg_stat_wal: each is up to 8 KB, once a page per checkpoint cycle). */
const fpi = async (sql: pgLib.Client) => Number((await sql.query('SELECT wal_fpi FROM pg_stat_wal')).rows[0].wal_fpi);
const lsn = async (sql: pgLib.Client) =>
  (await sql.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l as string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `want` stored rows (when the kind counts them), then for 2 s with under 16 KB of WAL (at most 60 s in all). */
async function settle(sql: pgLib.Client, kind: Kind, want: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  let stored = 0;
  while (Date.now() < deadline) {
    stored = (await sql.query(kind.stored)).rows[0].n;
    if (stored >= want || want === 0) break;
    await sleep(250);
  }
  // Quiet: under 16 KB of WAL in 2 s (pg-boss's polling and the usage counters write a few bytes all the time).
  let last = await lsn(sql);
  while (Date.now() < deadline) {
    await sleep(2000);
    const now = await lsn(sql);
    const { rows } = await sql.query('SELECT pg_wal_lsn_diff($1, $2)::float8 AS d', [now, last]);
    last = now;
    if (rows[0].d < 16384) break;
  }
  return stored;
}

async function main() {
  const port = args.port ? Number(args.port) : undefined;
  const svc = await startService({
    distDir: '.next-bench',
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' },
    port,
    pgPort: port && port + 1,
  });
  const { sql, project } = await proProject(svc, 'WAL bench');
  const key = project.keys[0].publicKey;
  const groups = { server: svc.child.pid!, database: svc.child.pid! };
  const rows: { kind: Kind; wal: number; images: number; run: RunResult; stored: number }[] = [];
  try {
    const send = (kind: Kind, bodies: string[]) =>
      load({
        port: svc.port,
        pathName: kind.native ? `/api/v1/ingest/${project.id}/envelope` : `/api/${project.number}/envelope/`,
        headers: kind.native
          ? { 'x-ingest-auth': `ingest_key=${key}` }
          : {
              'content-type': 'application/x-sentry-envelope',
              'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.node/11.12.0, sentry_key=${key}`,
            },
        bodies,
        opts: { connections: 16, groups },
      });
    for (const kind of KINDS.filter((k) => !args.only || k.name.includes(args.only))) {
      // One hex digit each (sdkEvent pads `prefix + i` into its ids: a longer prefix makes some collide).
      const warm = kind.bodies(Math.max(kind.perRequest, WARMUP - (WARMUP % kind.perRequest)), 'c', key);
      await send(kind, warm);
      await settle(sql, kind, 0);
      const before0 = (await sql.query(kind.stored)).rows[0].n as number;
      const before = await lsn(sql);
      const fpiBefore = await fpi(sql);
      const bodies = kind.bodies(N, 'd', key);
      log(`${kind.name}: ${N} items in ${bodies.length} requests`);
      const run = await send(kind, bodies);
      const expected = kind.stored === 'SELECT 0 AS n' ? 0 : before0 + N;
      const stored = await settle(sql, kind, expected);
      const after = await lsn(sql);
      const images = (await fpi(sql)) - fpiBefore;
      const wal = Number((await sql.query('SELECT pg_wal_lsn_diff($1, $2) AS d', [after, before])).rows[0].d);
      rows.push({ kind, wal, images, run, stored: stored - before0 });
    }
  } finally {
    await sql.end();
  }
  console.log('');
  console.log(
    `WAL per item, ${N} items of each kind, ${os.availableParallelism()} CPUs (affinity), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the end:`,
  );
  for (const { kind, wal, images, run, stored } of rows) {
    const cpu = run.cpu;
    const per = (us: number) => ((us * run.latencies.length) / N).toFixed(0);
    const errors = [...run.errors].map(([s, c]) => `${s}×${c}`).join(', ') || 'none';
    console.log(
      `${kind.name.padEnd(34)} ${(wal / N).toFixed(0).padStart(7)} WAL bytes/item (${(images / N).toFixed(2)} full-page images)` +
        (cpu ? `   CPU/item: server ${per(cpu.serverUs)} µs + PostgreSQL ${per(cpu.postgresUs)} µs` : '') +
        `   (${kind.stored === 'SELECT 0 AS n' ? 'rows not counted' : `${stored} stored`}, errors: ${errors})`,
    );
  }
}

runBench(main);

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
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type pgLib from 'pg';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { envelopes } from './support/envelopes';
import { load, type RunResult } from './support/load';
import { PER_REQUEST as METRICS_PER_REQUEST, sentryMetricsEnvelope } from './support/metric-bodies';
import { log, proProject, runBench, startService } from './support/service';

const { values: args } = parseArgs({
  options: { items: { type: 'string', default: '2000' }, port: { type: 'string' }, only: { type: 'string' } },
});
const N = Number(args.items);
const WARMUP = 200;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A transaction of route `/orders/<i % 20>` with 20 children (queries, HTTP calls, middleware), as bench:spans. */
function transaction(i: number): string {
  const now = Date.now() / 1000;
  const start = now - 0.5;
  const traceId = hex(16);
  const root = hex(8);
  const spans = Array.from({ length: 20 }, (_, k) => {
    const s = start + k * 0.01;
    const [op, description, data] =
      k % 5 < 3
        ? [
            'db',
            `SELECT "orders"."id", "orders"."status" FROM "orders" WHERE "orders"."customer_id" = $1 LIMIT ${k + 10}`,
            { 'db.system': 'postgresql', 'db.name': 'shop', 'net.peer.name': 'db.internal', 'net.peer.port': 5432 },
          ]
        : k % 5 === 3
          ? [
              'http.client',
              `GET https://payments.internal/v1/customers/${i % 500}/cards`,
              { 'http.method': 'GET', 'http.status_code': 200, 'http.response_content_length': 1234 },
            ]
          : ['middleware.express', `auth-${k}`, { 'express.type': 'middleware', 'express.name': `auth-${k}` }];
    return {
      span_id: hex(8),
      parent_span_id: root,
      trace_id: traceId,
      op,
      description,
      start_timestamp: s,
      timestamp: s + 0.008,
      status: 'ok',
      origin: 'auto.db.otel.postgres',
      data,
    };
  });
  const event = {
    event_id: hex(16),
    type: 'transaction',
    transaction: `GET /orders/${i % 20}`,
    start_timestamp: start,
    timestamp: now,
    release: 'shop@2.14.0',
    environment: 'production',
    platform: 'node',
    sdk: { name: 'sentry.javascript.node', version: '11.12.0' },
    contexts: {
      trace: {
        trace_id: traceId,
        span_id: root,
        op: 'http.server',
        status: 'ok',
        data: { 'http.route': '/orders/:id' },
      },
    },
    spans,
  };
  const payload = JSON.stringify(event);
  return `${JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'transaction', length: Buffer.byteLength(payload) })}\n${payload}\n`;
}

/** 100 log lines of a shop's API as @sentry/node sends them with `enableLogs` (as bench:logs). */
function logEnvelope(start: number): string {
  const traceId = hex(16);
  const now = Date.now() / 1000;
  const attr = (value: string) => ({ value, type: 'string' });
  const items = Array.from({ length: 100 }, (_, j) => {
    const i = start + j;
    const level = ['info', 'info', 'debug', 'warn', 'error'][i % 5];
    return {
      timestamp: now - (100 - j) / 1000,
      level,
      body: `Order o-${(i * 7919) % 100000} paid by user-${i % 5000}`,
      trace_id: traceId,
      severity_number: { debug: 5, info: 9, warn: 13, error: 17 }[level],
      attributes: {
        'sentry.release': attr('shop@2.14.0'),
        'sentry.environment': attr('production'),
        'sentry.sdk.name': attr('sentry.javascript.node'),
        'sentry.sdk.version': attr('11.12.0'),
        'server.address': attr(`web-${i % 8}`),
        'sentry.message.template': attr('Order %s paid by %s'),
        'sentry.message.parameter.0': attr(`o-${(i * 7919) % 100000}`),
        'sentry.message.parameter.1': attr(`user-${i % 5000}`),
        'user.id': attr(`user-${i % 5000}`),
      },
    };
  });
  const payload = JSON.stringify({ items });
  return `${JSON.stringify({ sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'log', item_count: 100, content_type: 'application/vnd.sentry.items.log+json', length: Buffer.byteLength(payload) })}\n${payload}\n`;
}

/** One browser session update (init, or how the page load ended), as bench:sessions sends them. */
function sessionEnvelope(i: number, prefix: string): string {
  const started = new Date(Date.now() - 60_000).toISOString();
  const page = i >> 1;
  const init = i % 2 === 0;
  const payload = {
    sid: `${prefix}${page.toString(16).padStart(28, '0')}`,
    did: `user-${page % 5000}`,
    started,
    attrs: { release: `web@1.${page % 5}.0`, environment: 'production', user_agent: 'Mozilla/5.0 Chrome/131.0' },
    init,
    status: init ? 'ok' : page % 50 === 0 ? 'crashed' : 'exited',
    errors: init || page % 10 !== 0 ? 0 : 1,
    timestamp: init ? started : new Date().toISOString(),
    duration: init ? 0 : 42.5,
  };
  return `${JSON.stringify({ sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'session' })}\n${JSON.stringify(payload)}\n`;
}

type Kind = {
  name: string;
  /** Items in one request. */
  perRequest: number;
  native?: boolean;
  bodies: (n: number, prefix: string) => string[];
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
    bodies: (n) => Array.from({ length: n }, (_, i) => transaction(i)),
    stored: 'SELECT count(*)::int AS n FROM transactions',
  },
  {
    name: 'log lines (100 a request)',
    perRequest: 100,
    bodies: (n) => Array.from({ length: n / 100 }, (_, i) => logEnvelope(i * 100)),
    stored: 'SELECT count(*)::int AS n FROM logs',
  },
  {
    name: 'session updates',
    perRequest: 1,
    bodies: (n, p) => Array.from({ length: n }, (_, i) => sessionEnvelope(i, p)),
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
      const warm = kind.bodies(Math.max(kind.perRequest, WARMUP - (WARMUP % kind.perRequest)), 'c');
      await send(kind, warm);
      await settle(sql, kind, 0);
      const before0 = (await sql.query(kind.stored)).rows[0].n as number;
      const before = await lsn(sql);
      const fpiBefore = await fpi(sql);
      const bodies = kind.bodies(N, 'd');
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

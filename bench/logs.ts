// Logs (#51): `npm run bench:logs [-- --lines 100000 --seed 10000000 --runs 30 --without-trigram]`. Starts the
// production service on a fresh embedded PostgreSQL (PRO plan, no rate limit) and sends, in 2 alternating rounds, log
// lines as @sentry/node 11 sends them with `enableLogs` (envelopes of `log` items of 100 lines: level, body, trace id,
// severity and its attributes: template and parameters, SDK, release, environment, server, the active span, user) and
// as OTLP/HTTP log exports of 100 records (JSON and protobuf). Prints lines/s for each, the bytes a stored line takes
// (heap, TOAST and indexes of the logs partitions over the row count), and the two ways of writing bulk rows measured
// against each other on the same database (COPY, as the writer does, and the multi-row INSERT of unnest'ed arrays it
// replaced). Then seeds `--seed` lines in SQL (generate_series, one statement a million) and times the logs page's
// searches through the API (p50/p95 of `--runs` each), with each statement's plan. `--without-trigram` then drops the
// trigram index of the message and measures the write rate (a round just before and one after) and the searches again
// without it.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import protobuf from 'protobufjs';
import path from 'node:path';
import type pgLib from 'pg';
import { load, rateOf, report, type RunResult } from './support/load';
import { PER_REQUEST, SEVERITY, line, sentryLogEnvelope } from './support/log-bodies';
import { quantile } from './support/seed';
import { log, proProject, root, runBench, startService, type Service } from './support/service';
import { listLogsQuery, logsSql } from '@/lib/logs/log-api';
import { LOG_TARGET, addLine } from '@/lib/ingest/items/logs/log-writer';
import { compactAttributes } from '@/lib/logs/compact';
import { spanIdNumber } from '@/lib/traces/span-keys';
import { BinaryRows, copyField, copyRows } from '@/lib/ingest/store/copy-rows';
import type { LogRow } from '@/lib/ingest/items/logs';

const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '30' },
    'without-trigram': { type: 'boolean', default: false },
  },
});
const LINES = Number(args.lines);
const SEED = Number(args.seed);
const RUNS = Number(args.runs);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** One OTLP export of 100 records, as an OTel SDK's batch log processor sends it (service resource, scope). */
function otlpRequest(start: number) {
  const traceId = hex(16);
  const spanId = hex(8);
  const ns = BigInt(Date.now()) * 1_000_000n;
  const kv = (key: string, v: string | number) => ({
    key,
    value: typeof v === 'number' ? { intValue: v } : { stringValue: v },
  });
  return {
    resourceLogs: [
      {
        resource: {
          attributes: [
            kv('service.name', 'orders-service'),
            kv('service.version', '2.14.0'),
            kv('deployment.environment.name', 'production'),
            kv('telemetry.sdk.name', 'opentelemetry'),
            kv('telemetry.sdk.language', 'nodejs'),
            kv('host.name', `web-${(start / PER_REQUEST) % 8}`),
          ],
        },
        scopeLogs: [
          {
            scope: { name: 'orders', version: '1.0.0' },
            logRecords: Array.from({ length: PER_REQUEST }, (_, j) => {
              const l = line(start + j);
              return {
                timeUnixNano: String(ns - BigInt((PER_REQUEST - j) * 1_000_000)),
                observedTimeUnixNano: String(ns),
                severityNumber: SEVERITY[l.level],
                severityText: l.level.toUpperCase(),
                body: { stringValue: l.body },
                attributes: [kv('user.id', l.user), kv('order.id', l.order), kv('http.route', '/orders/:id')],
                traceId,
                spanId,
              };
            }),
          },
        ],
      },
    ],
  };
}

let requestType: protobuf.Type | undefined;
/** The protobuf encoding of an OTLP logs export, with the official definitions the service decodes with. */
function otlpProtobuf(req: ReturnType<typeof otlpRequest>): Buffer {
  if (!requestType) {
    const dir = path.join(root, 'lib', 'envelope', 'otlp', 'proto');
    const r = new protobuf.Root();
    r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(dir, target));
    r.loadSync(['opentelemetry/proto/collector/logs/v1/logs_service.proto']).resolveAll();
    requestType = r.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest');
  }
  const withBytes = JSON.parse(JSON.stringify(req), (k, v) =>
    (k === 'traceId' || k === 'spanId') && typeof v === 'string' ? Buffer.from(v, 'hex') : v,
  );
  return Buffer.from(requestType.encode(requestType.fromObject(withBytes)).finish());
}

// load() takes strings, and sends a Buffer as it is (its length and req.end take either).
type Kind = { name: string; path: string; headers: Record<string, string>; body: (start: number) => string | Buffer };

async function storedLines(sql: pgLib.Client, projectId: string): Promise<number> {
  const { rows } = await sql.query('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [projectId]);
  return rows[0].n;
}

async function bytesPerLine(sql: pgLib.Client) {
  await sql.query('VACUUM ANALYZE logs');
  const { rows } = await sql.query(
    `SELECT (SELECT count(*) FROM logs)::bigint AS rows,
            (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'logs')::bigint AS bytes,
            (SELECT coalesce(sum(pg_relation_size(c.oid)), 0) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'logs')::bigint AS heap`,
  );
  const n = Number(rows[0].rows);
  return { rows: n, total: Number(rows[0].bytes) / n, heap: Number(rows[0].heap) / n };
}

/** The old and the new way of writing a batch of lines, alternating on one connection. */
async function compareWrites(sql: pgLib.Client, projectId: string) {
  const rows: LogRow[] = Array.from({ length: 1000 }, (_, i) => {
    const l = line(i);
    return {
      timestamp: new Date(),
      level: l.level,
      severityNumber: SEVERITY[l.level],
      body: l.body,
      template: l.template,
      attributes: {
        'sentry.release': 'shop@2.14.0',
        'sentry.environment': 'production',
        'sentry.sdk.name': 'sentry.javascript.node',
        'sentry.sdk.version': '11.12.0',
        'server.address': 'web-1',
        'sentry.message.template': l.template,
        'sentry.message.parameter.0': l.params[0],
        'sentry.message.parameter.1': l.params[1],
        'user.id': l.user,
        'order.id': l.order,
      },
      traceId: hex(16),
      spanId: hex(8),
      environment: 'production',
      release: 'shop@2.14.0',
    };
  });
  const unnest = async () => {
    const c = <V>(f: (r: LogRow) => V) => rows.map(f);
    await sql.query('BEGIN');
    await sql.query(
      `INSERT INTO logs (project_id, timestamp, level, severity_number, body, template, attributes, trace_id, span_id, environment, release)
       SELECT p.id, s.ts, s.level, s.sev, s.body, s.template, s.attributes, s.trace_id, s.span_id, s.environment, s.release
         FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::int2[], $5::text[], $6::text[], $7::jsonb[], $8::uuid[], $9::int8[], $10::text[], $11::text[])
           AS s(project_id, ts, level, sev, body, template, attributes, trace_id, span_id, environment, release)
         JOIN projects p ON p.id = s.project_id FOR KEY SHARE OF p`,
      [
        c(() => projectId),
        c((r) => r.timestamp),
        c((r) => r.level),
        c((r) => r.severityNumber),
        c((r) => r.body),
        c((r) => r.template),
        c((r) => JSON.stringify(r.attributes)),
        c((r) => r.traceId),
        c((r) => BigInt.asIntN(64, BigInt(`0x${r.spanId}`)).toString()),
        c((r) => r.environment),
        c((r) => r.release),
      ],
    );
    await sql.query('COMMIT');
  };
  // As the writer does (lib/ingest/items/logs/log-writer.ts).
  const binary = async () => {
    await sql.query('BEGIN');
    await sql.query('SELECT id FROM projects WHERE id = ANY($1) FOR KEY SHARE', [[projectId]]);
    const out = new BinaryRows();
    for (const r of rows) addLine(out, projectId, r);
    await copyRows(sql, LOG_TARGET, out);
    await sql.query('COMMIT');
  };
  // The text format the writer used before.
  const textLine = (l: LogRow) => {
    const attributes = compactAttributes(l.attributes, l);
    return `${[
      l.timestamp.toISOString(),
      l.spanId === null ? null : spanIdNumber(l.spanId),
      l.traceId,
      l.severityNumber,
      projectId,
      l.level,
      l.body,
      l.template,
      l.environment,
      l.release,
      attributes ? JSON.stringify(attributes) : null,
    ]
      .map(copyField)
      .join('\t')}\n`;
  };
  const text = async () => {
    await sql.query('BEGIN');
    await sql.query('SELECT id FROM projects WHERE id = ANY($1) FOR KEY SHARE', [[projectId]]);
    let t = '';
    for (const r of rows) t += textLine(r);
    await copyRows(sql, LOG_TARGET, t);
    await sql.query('COMMIT');
  };
  const BATCHES = 50;
  const rates: Record<string, number[]> = {
    'COPY (binary format)': [],
    'COPY (text format)': [],
    'INSERT … SELECT unnest(…)': [],
  };
  for (let round = 0; round < 3; round++) {
    for (const [name, f] of [
      ['COPY (binary format)', binary],
      ['COPY (text format)', text],
      ['INSERT … SELECT unnest(…)', unnest],
    ] as const) {
      const t0 = performance.now();
      for (let b = 0; b < BATCHES; b++) await f();
      rates[name].push((BATCHES * rows.length) / ((performance.now() - t0) / 1000));
    }
  }
  return rates;
}

async function ingest(svc: Service, kinds: Kind[], rounds: number, lines: number) {
  const runs = new Map<string, RunResult[]>(kinds.map((k) => [k.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const k of kinds) {
      log(`round ${round}/${rounds}: ${lines} lines as ${k.name}`);
      const bodies = Array.from({ length: lines / PER_REQUEST }, (_, i) => k.body(i * PER_REQUEST));
      runs.get(k.name)!.push(
        await load({
          port: svc.port,
          pathName: k.path,
          headers: k.headers,
          bodies: bodies as string[],
          opts: { connections: 32, groups: { server: svc.child.pid!, database: svc.child.pid! } },
        }),
      );
    }
  }
  return runs;
}

/** 10,000,000 lines over the last 23 hours in today's partition, one INSERT … SELECT generate_series a million. */
async function seed(sql: pgLib.Client, projectId: string, n: number) {
  const CHUNK = 1_000_000;
  for (let from = 0; from < n; from += CHUNK) {
    const t0 = performance.now();
    await sql.query(
      `INSERT INTO logs (timestamp, span_id, trace_id, severity_number, project_id, level, body, template, environment, release, attributes)
       SELECT now() - make_interval(secs => 82800.0 * (i::float8 / $3)),
              ('x' || substr(md5((i / 5)::text), 1, 16))::bit(64)::bigint,
              md5((i / 5)::text)::uuid,
              (ARRAY[9,9,9,9,5,9,13,9,9,17])[1 + i % 10] + CASE WHEN i % 997 = 0 THEN 4 ELSE 0 END,
              $1,
              CASE WHEN i % 997 = 0 THEN 'fatal' ELSE (ARRAY['info','info','info','info','debug','info','warn','info','info','error'])[1 + i % 10] END,
              CASE i % 3 WHEN 0 THEN 'Order o-' || (i * 7919) % 100000 || ' paid by user-' || i % 5000
                         WHEN 1 THEN 'Cart of user-' || i % 5000 || ' has ' || i % 9 || ' items'
                         ELSE 'Payment for o-' || (i * 7919) % 100000 || ' declined: card_expired' END
                || CASE WHEN i % 1000003 = 17 THEN ' request req-zx81q' ELSE '' END,
              (ARRAY['Order %s paid by %s', 'Cart of %s has %s items', 'Payment for %s declined: %s'])[1 + i % 3],
              'production', 'shop@2.14.0',
              jsonb_build_object('sentry.sdk.name', 'sentry.javascript.node', 'sentry.sdk.version', '11.12.0',
                'server.address', 'web-' || i % 8, 'sentry.message.parameter.0', 'o-' || (i * 7919) % 100000,
                'sentry.message.parameter.1', 'user-' || i % 5000, 'user.id', 'user-' || i % 5000,
                'order.id', 'o-' || (i * 7919) % 100000)
         FROM generate_series($2::bigint, $2::bigint + $4 - 1) AS i`,
      [projectId, from, n, Math.min(CHUNK, n - from)],
    );
    log(
      `seeded ${(Math.min(n, from + CHUNK) / 1e6).toFixed(0)}M lines (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
  await sql.query('VACUUM ANALYZE logs');
}

const SEARCHES: [string, Record<string, string>][] = [
  ['newest first', {}],
  ['level error (10 %)', { level: 'error' }],
  ['level fatal (0.1 %)', { level: 'fatal' }],
  ['text "paid" (a third)', { query: 'paid' }],
  ['text "req-zx81q" (10 lines)', { query: 'req-zx81q' }],
  ['attribute server.address:web-3 (1/8)', { attribute: 'server.address:web-3' }],
  ['attribute order.id:o-4242 (100 lines)', { attribute: 'order.id:o-4242' }],
  ['trace id (5 lines)', { traceId: '' }],
];

async function searches(svc: Service, sql: pgLib.Client, projectId: string, traceId: string) {
  const out: { label: string; p50: number; p95: number; found: number; plan: string }[] = [];
  for (const [label, q] of SEARCHES) {
    const query = { ...q, ...(q.traceId !== undefined ? { traceId } : {}) };
    const qs = new URLSearchParams(query).toString();
    let found = 0;
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(`${svc.base}/api/v1/projects/${projectId}/logs?${qs}`, {
        headers: { cookie: svc.cookie },
      });
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
      found = ((await res.json()) as { data: { logs: unknown[] } }).data.logs.length;
      return performance.now() - t0;
    };
    // A search that takes seconds gets fewer runs: at least 5, or as many as 60 s allow.
    await once();
    const samples: number[] = [];
    const started = performance.now();
    while (samples.length < RUNS && (samples.length < 5 || performance.now() - started < 60_000))
      samples.push(await once());
    const t = { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
    console.log(
      `${label.padEnd(40)} p50 ${t.p50.toFixed(1).padStart(8)} ms   p95 ${t.p95.toFixed(1).padStart(8)} ms   ${samples.length} runs`,
    );
    const { text, args: values } = logsSql(projectId, listLogsQuery.parse(query));
    const { rows } = await sql.query(`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY OFF) ${text}`, values);
    const plan = rows
      .map((r) => r['QUERY PLAN'] as string)
      .filter((s) => /Scan|Sort|Append|Filter|Rows Removed/.test(s))
      .slice(0, 6)
      .map((s) => s.trim())
      .join(' | ');
    out.push({ label, p50: t.p50, p95: t.p95, found, plan });
  }
  return out;
}

async function main() {
  const svc = await startService({ distDir: '.next-bench-logs', env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' } });
  const { sql, project } = await proProject(svc, 'Logs bench');
  try {
    const key = project.keys[0].publicKey;
    const kinds: Kind[] = [
      {
        name: 'Sentry log items',
        path: `/api/${project.number}/envelope/`,
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.node/11.12.0, sentry_key=${key}`,
        },
        body: (s) => sentryLogEnvelope(s, key),
      },
      {
        name: 'OTLP JSON',
        path: `/api/${project.number}/integration/otlp/v1/logs`,
        headers: { 'content-type': 'application/json', 'x-sentry-auth': `sentry sentry_key=${key}` },
        body: (s) => JSON.stringify(otlpRequest(s)),
      },
      {
        name: 'OTLP protobuf',
        path: `/api/${project.number}/integration/otlp/v1/logs`,
        headers: { 'content-type': 'application/x-protobuf', 'x-sentry-auth': `sentry sentry_key=${key}` },
        body: (s) => otlpProtobuf(otlpRequest(s)),
      },
    ];
    log('warm-up: 5,000 lines of each');
    await ingest(svc, kinds, 1, 5000);
    const runs = await ingest(svc, kinds, 2, LINES);
    const sent = (3 * 5000 + 2 * 3 * LINES) | 0;
    const stored = await storedLines(sql, project.id);
    const size = await bytesPerLine(sql);
    log('the two ways of writing, 3 alternating rounds of 50 batches of 1,000 lines on one connection');
    const writes = await compareWrites(sql, project.id);

    log(`seeding ${SEED.toLocaleString('en-US')} lines`);
    const { rows: traceRows } = await sql.query(`SELECT md5((${Math.floor(SEED / 2)} / 5)::text) AS t`);
    await seed(sql, project.id, SEED);
    const total = await storedLines(sql, project.id);
    const seeded = await bytesPerLine(sql);
    const reads = await searches(svc, sql, project.id, traceRows[0].t as string);

    let trigram:
      | { before: Map<string, RunResult[]>; runs: Map<string, RunResult[]>; reads: typeof reads; bytes: number }
      | undefined;
    if (args['without-trigram']) {
      const before = await ingest(svc, kinds.slice(0, 1), 1, LINES);
      log('dropping the trigram index of the message');
      await sql.query('DROP INDEX logs_body_trgm_idx');
      const tRuns = await ingest(svc, kinds.slice(0, 1), 1, LINES);
      const after = await bytesPerLine(sql);
      trigram = {
        before,
        runs: tRuns,
        reads: await searches(svc, sql, project.id, traceRows[0].t as string),
        bytes: after.total,
      };
    }

    console.log('');
    console.log(`log lines, ${PER_REQUEST} a request, 32 connections, 2 alternating rounds of ${LINES} lines each:`);
    for (const [name, rs] of runs) rs.forEach((r, i) => report(`${name}, round ${i + 1}`, r));
    for (const [name, rs] of runs) console.log(`${name.padEnd(18)} ${(rateOf(rs) * PER_REQUEST).toFixed(0)} lines/s`);
    console.log(`stored ${stored.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} lines sent`);
    console.log(
      `bytes per line: ${size.total.toFixed(0)} (heap ${size.heap.toFixed(0)}, indexes and TOAST ${(size.total - size.heap).toFixed(0)}) over ${size.rows.toLocaleString('en-US')} lines sent through the API; ` +
        `${seeded.total.toFixed(0)} (heap ${seeded.heap.toFixed(0)}) over ${seeded.rows.toLocaleString('en-US')} with the seeded ones`,
    );
    for (const [name, rs] of Object.entries(writes))
      console.log(`writes, ${name.padEnd(26)} ${rs.map((r) => r.toFixed(0)).join(', ')} lines/s (rounds)`);
    console.log('');
    console.log(
      `the logs page's searches over ${total.toLocaleString('en-US')} lines of the last 24 hours, up to ${RUNS} runs each (at least 5, else as many as 60 s allow):`,
    );
    for (const r of reads)
      console.log(
        `${r.label.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms ${r.p95 < 200 ? 'OK  ' : 'OVER'} ${String(r.found).padStart(3)} lines  ${r.plan}`,
      );
    if (trigram) {
      console.log('');
      console.log(`without the trigram index of the message (${trigram.bytes.toFixed(0)} bytes per line):`);
      for (const [name, rs] of trigram.runs)
        console.log(
          `${name.padEnd(18)} ${(rateOf(rs) * PER_REQUEST).toFixed(0)} lines/s without it, ${(rateOf(trigram.before.get(name)!) * PER_REQUEST).toFixed(0)} lines/s just before it was dropped`,
        );
      for (const r of trigram.reads)
        console.log(
          `${r.label.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms ${r.p95 < 200 ? 'OK  ' : 'OVER'}  ${r.plan}`,
        );
    }
  } finally {
    await sql.end();
  }
}

runBench(main);

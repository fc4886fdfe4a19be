// Hostile decoding (#43), part of `npm run bench:abuse`: `npx tsx bench/abuse-decoding.ts`. A bounded loopback run:
// a fresh embedded PostgreSQL in a temp dir, the node:http ingest adapter that `npm start` serves (Sentry and native
// endpoints) and the OTLP handler, in this process. For each attack prints the answer, this process's peak RSS above
// what it was right before (VmHWM, reset per attack: the decoding happens here), the time, and for the deep OTLP
// payloads the rows stored. Stops everything it started.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import {
  otlpLogsJson,
  otlpLogsProtobuf,
  otlpTracesProtobuf,
  zstdContentSizeBomb,
  zstdWindowBomb,
} from '../tests/support/hostile-bodies';

// A row of spans holds a transaction's spans, and names its project by number (#51).
const SPANS_OF_PROJECT = `SELECT coalesce(sum(span_count), 0)::int AS n FROM spans WHERE project = (SELECT number FROM projects WHERE id = $1)`;

const MiB = 1024 * 1024;
const DEEP = 30_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const rssMiB = () => process.memoryUsage().rss / MiB;
const peakRssMiB = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

type Answer = { status: number; text: string };

function post(
  port: number,
  pathName: string,
  body: Uint8Array | string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        headers: { 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `mib` MiB of zeros as one brotli stream (4 MiB window), compressed chunk by chunk. */
async function brotliZeros(mib: number): Promise<Buffer> {
  const enc = zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 22 },
  });
  const out: Buffer[] = [];
  enc.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => enc.on('end', resolve));
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mib; i++) if (!enc.write(zeros)) await new Promise((r) => enc.once('drain', r));
  enc.end();
  await done;
  return Buffer.concat(out);
}

/** The body, or `cap + 1` bytes once it passes `cap` (the handler answers 413), as the OTLP route reads it. */
async function readOtlpBody(req: http.IncomingMessage, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) return Buffer.alloc(cap + 1);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-abuse-decoding-'));
  fs.chmodSync(dir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'tracker', persistent: false });
  let server: http.Server | undefined;
  try {
    migrateDeploy(pgServer.url);
    process.env.DATABASE_URL = pgServer.url;
    const { pool, closePool } = await import('@/lib/pg');
    const { serveIngest } = await import('@/lib/ingest/protocols/node-adapter');
    const { handleOtlp } = await import('@/lib/ingest/protocols/otlp/handle-otlp');
    const { MAX_BODY_BYTES } = await import('@/lib/envelope/decode-body');
    const { flushOutcomes } = await import('@/lib/outcomes/record-outcome');
    const {
      rows: [org],
    } = await pool().query<{ id: string }>(
      `INSERT INTO organizations (name, slug, plan) VALUES ('Decoding', 'decoding', 'PRO') RETURNING id`,
    );
    const {
      rows: [project],
    } = await pool().query<{ id: string; number: number }>(
      `INSERT INTO projects (org_id, name, slug) VALUES ($1, 'Hostile', 'hostile') RETURNING id, number`,
      [org.id],
    );
    const key = 'decodingkey'.padEnd(32, '0');
    await pool().query(`INSERT INTO project_keys (project_id, label, public_key) VALUES ($1, 'k', $2)`, [
      project.id,
      key,
    ]);

    // The OTLP route's body read and handler, beside the ingest adapter, as Next serves them.
    server = http.createServer((req, res) => {
      const otlp = /^\/api\/(\d+)\/integration\/otlp\/v1\/(\w+)/.exec(req.url ?? '');
      if (!otlp) {
        if (!serveIngest(req, res)) res.writeHead(404).end();
        return;
      }
      void readOtlpBody(req, MAX_BODY_BYTES)
        .then((body) =>
          handleOtlp({
            projectNumber: otlp[1],
            signal: otlp[2],
            method: 'POST',
            headers: req.headers as Record<string, string>,
            searchParams: new URLSearchParams(),
            body,
          }),
        )
        .then((r) => res.writeHead(r.status, r.headers).end(r.body));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const sentry = {
      path: `/api/${project.number}/envelope/`,
      headers: { 'x-sentry-auth': `Sentry sentry_key=${key}, sentry_version=7` },
    };
    const native = { path: `/api/v1/ingest/${project.id}/envelope`, headers: { 'x-ingest-auth': `ingest_key=${key}` } };
    const otlpLogs = {
      path: `/api/${project.number}/integration/otlp/v1/logs`,
      headers: { 'x-sentry-auth': `sentry sentry_key=${key}` },
    };
    const otlpTraces = {
      path: `/api/${project.number}/integration/otlp/v1/traces`,
      headers: { 'x-sentry-auth': `sentry sentry_key=${key}` },
    };
    const traceId = 'ef'.repeat(16);
    const siblings = (deep: Parameters<typeof otlpLogsJson>[0][number]) => [
      { body: 'sibling 1' },
      deep,
      { body: 'sibling 2' },
    ];

    const attacks: {
      name: string;
      target: { path: string; headers: Record<string, string> };
      headers: Record<string, string>;
      body: () => Uint8Array | string | Promise<Uint8Array>;
    }[] = [
      {
        name: 'zstd 1.875 GiB window (70 B), Sentry',
        target: sentry,
        headers: { 'content-encoding': 'zstd' },
        body: zstdWindowBomb,
      },
      {
        name: 'zstd 1.875 GiB window (70 B), native',
        target: native,
        headers: { 'content-encoding': 'zstd' },
        body: zstdWindowBomb,
      },
      {
        name: 'zstd 1.875 GiB window (70 B), OTLP',
        target: otlpLogs,
        headers: { 'content-encoding': 'zstd', 'content-type': 'application/json' },
        body: zstdWindowBomb,
      },
      {
        name: 'zstd declaring 2^40 B of content, Sentry',
        target: sentry,
        headers: { 'content-encoding': 'zstd' },
        body: zstdContentSizeBomb,
      },
      {
        name: 'gzip of 256 MiB of zeros, Sentry',
        target: sentry,
        headers: { 'content-encoding': 'gzip' },
        body: () => zlib.gzipSync(Buffer.alloc(256 * MiB)),
      },
      {
        name: 'br of 1 GiB of zeros (4 MiB window), Sentry',
        target: sentry,
        headers: { 'content-encoding': 'br' },
        body: () => brotliZeros(1024),
      },
      {
        name: `OTLP JSON log body ${DEEP} deep + 2`,
        target: otlpLogs,
        headers: { 'content-type': 'application/json' },
        body: () => otlpLogsJson(siblings({ body: { depth: DEEP, kind: 'array' } })),
      },
      {
        name: `OTLP JSON log attribute ${DEEP} deep + 2`,
        target: otlpLogs,
        headers: { 'content-type': 'application/json' },
        body: () => otlpLogsJson(siblings({ body: 'deep', attribute: { depth: DEEP, kind: 'array' } })),
      },
      {
        name: `OTLP protobuf log body ${DEEP} deep + 2`,
        target: otlpLogs,
        headers: { 'content-type': 'application/x-protobuf' },
        body: () => otlpLogsProtobuf(siblings({ body: { depth: DEEP, kind: 'kvlist' } })),
      },
      {
        name: `OTLP protobuf span attribute ${DEEP} deep + 1`,
        target: otlpTraces,
        headers: { 'content-type': 'application/x-protobuf' },
        body: () =>
          otlpTracesProtobuf(traceId, [{ name: 'kept' }, { name: 'deep', attribute: { depth: DEEP, kind: 'array' } }]),
      },
    ];

    console.log(
      `Hostile decoding: each attack once, this process's peak RSS above its own right before (idle ${rssMiB().toFixed(0)} MiB)`,
    );
    console.log(
      `${'attack'.padEnd(44)} ${'bytes'.padStart(8)} ${'answer'.padStart(6)} ${'peak RSS +'.padStart(11)} ${'time'.padStart(8)}   stored`,
    );
    let worst = 0;
    for (const a of attacks) {
      const body = await a.body();
      const logsBefore = (
        await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1`, [project.id])
      ).rows[0].n;
      const spansBefore = (await pool().query<{ n: number }>(SPANS_OF_PROJECT, [project.id])).rows[0].n;
      gc();
      // Writing 5 resets the peak (VmHWM) to the current RSS.
      fs.writeFileSync('/proc/self/clear_refs', '5');
      const before = rssMiB();
      const t0 = performance.now();
      const res = await post(port, a.target.path, body, { ...a.target.headers, ...a.headers });
      const ms = performance.now() - t0;
      const above = peakRssMiB() - before;
      worst = Math.max(worst, above);
      const logs =
        (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1`, [project.id]))
          .rows[0].n - logsBefore;
      const spans = (await pool().query<{ n: number }>(SPANS_OF_PROJECT, [project.id])).rows[0].n - spansBefore;
      const stored = a.name.startsWith('OTLP') ? `${logs} logs, ${spans} spans` : '';
      console.log(
        `${a.name.padEnd(44)} ${String(body.length).padStart(8)} ${String(res.status).padStart(6)} ${`${above.toFixed(1)} MiB`.padStart(11)} ${`${ms.toFixed(0)} ms`.padStart(8)}   ${stored}`,
      );
    }
    await flushOutcomes();
    const { rows: counted } = await pool().query<{ category: string; reason: string; quantity: number }>(
      `SELECT category, reason, sum(quantity)::int AS quantity FROM outcomes WHERE project_id = $1 AND outcome = 'invalid' GROUP BY 1, 2 ORDER BY 1, 2`,
      [project.id],
    );
    console.log(`counted as invalid: ${counted.map((c) => `${c.category}/${c.reason} ${c.quantity}`).join(', ')}`);
    console.log(
      `worst peak RSS above before: ${worst.toFixed(1)} MiB (target < 50 MiB): ${worst < 50 ? 'MET' : 'NOT MET'}`,
    );
    await closePool();
  } finally {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error('[bench:abuse-decoding] failed:', err);
    process.exit(1);
  },
);

// Records what a real instrumented app sends (#51), once: `npx tsx bench/mixed/record.ts [-- --requests 300]`.
// A small node:http shop app with the installed @sentry/node (traces at 1, logs on, request sessions on; its HTTP
// and PostgreSQL integrations against a real embedded PostgreSQL), whose handler runs a few queries, calls a loopback
// payments service, writes log lines and throws for 1 % of requests (captured). Its DSN points at a loopback
// receiver that keeps every envelope as it arrived. Writes a representative set to bench/mixed/fixtures.json (the
// replay templates of `npm run bench:mixed`) and prints what one app request sends.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as prettier from 'prettier';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { parseEnvelope, type Recorded } from './envelope';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '300' }, rate: { type: 'string', default: '20' } },
});
const REQUESTS = Number(args.requests);
const RATE = Number(args.rate);
const OUT = path.join(import.meta.dirname, 'fixtures.json');
const SDK_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../node_modules/@sentry/node/package.json'), 'utf8'),
).version;
const PUBLIC_KEY = '0123456789abcdef0123456789abcdef';

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The loopback tracker: keeps each envelope's path, headers and body (gunzipped when sent compressed). */
async function startReceiver(received: Recorded[]) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const gzip = req.headers['content-encoding'] === 'gzip';
      const body = (gzip ? gunzipSync(raw) : raw).toString('utf8');
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-encoding', 'user-agent', 'x-sentry-auth'])
        if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      const types = parseEnvelope(body).items.map((i) => i.header.type as string);
      received.push({ path: req.url ?? '', headers, wireBytes: raw.length, types, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, port: await listen(server) };
}

/** Another service the app calls, in its own uninstrumented process (as it would run elsewhere). */
async function startPayments(): Promise<{ port: number; child: ChildProcess }> {
  const code = `require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ cards: [{ last4: '4242' }] }))).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { port: Number(line.toString().trim()), child };
}

async function main() {
  const received: Recorded[] = [];
  const receiver = await startReceiver(received);
  const payments = await startPayments();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-record-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'shop', persistent: false });

  const seed = new pg.Client({ connectionString: db.url });
  await seed.connect();
  await seed.query(`CREATE TABLE customers (id int PRIMARY KEY, name text, email text, visits int NOT NULL DEFAULT 0)`);
  await seed.query(
    `CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL, status text NOT NULL, total numeric NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );
  await seed.query(`CREATE INDEX ON orders (customer_id, created_at)`);
  await seed.query(
    `INSERT INTO customers (id, name, email) SELECT g, 'Customer ' || g, 'c' || g || '@example.com' FROM generate_series(1, 500) g`,
  );
  await seed.query(
    `INSERT INTO orders (customer_id, status, total) SELECT 1 + g % 500, 'paid', g % 97 FROM generate_series(1, 5000) g`,
  );
  await seed.end();

  const app = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'app.ts')], {
    env: {
      ...process.env,
      SENTRY_DSN: `http://${PUBLIC_KEY}@127.0.0.1:${receiver.port}/1`,
      SHOP_DATABASE_URL: db.url,
      PAYMENTS_URL: `http://127.0.0.1:${payments.port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(app.stdout!, 'data')) as [Buffer];
  const appPort = Number(line.toString().trim());

  const get = (p: string) =>
    new Promise<number>((resolve) =>
      http
        .get(`http://127.0.0.1:${appPort}${p}`, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', () => resolve(0)),
    );
  // At a steady RATE a second, as a live app serves them (a burst overflows the SDK's send queue and drops items).
  const answers: Promise<number>[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    answers.push(get(`/orders/${1 + (i % 500)}`));
    await new Promise((r) => setTimeout(r, 1000 / RATE));
  }
  await Promise.all(answers);
  // What the SDK still holds (the log buffer, the request-session aggregate) goes out on flush, as at shutdown.
  app.kill('SIGTERM');
  await once(app, 'exit');
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  payments.child.kill();
  receiver.server.close();

  await summarize(received);
}

const itemsIn = (r: Recorded) => parseEnvelope(r.body).items.reduce((n, i) => n + Number(i.header.item_count ?? 1), 0);
const traceOf = (r: Recorded) => (parseEnvelope(r.body).header.trace as { trace_id?: string } | undefined)?.trace_id;
const kindOf = (r: Recorded) => (r.types.includes('event') ? 'event' : r.types[0]);

async function summarize(received: Recorded[]) {
  const byKind = new Map<string, Recorded[]>();
  for (const r of received) byKind.set(kindOf(r), [...(byKind.get(kindOf(r)) ?? []), r]);
  const of = (kind: string) => byKind.get(kind) ?? [];
  const bytes = (list: Recorded[]) => list.reduce((s, r) => s + r.wireBytes, 0);
  const items = (list: Recorded[]) => list.reduce((s, r) => s + itemsIn(r), 0);
  // A request's spans: the span envelopes of its trace (the SDK streams them per trace, 500 ms after the segment ends).
  const traces = new Map<string, Recorded[]>();
  for (const r of of('span')) traces.set(traceOf(r)!, [...(traces.get(traceOf(r)!) ?? []), r]);
  const spanCounts = [...traces.values()].map(items);
  const errors = of('event');
  const logs = of('log');
  const sessions = of('sessions');

  console.log(`${REQUESTS} app requests at ${RATE}/s sent ${received.length} envelopes:`);
  for (const [kind, list] of byKind)
    console.log(
      `  ${kind.padEnd(14)} ${String(list.length).padStart(4)} envelopes, ${String(items(list)).padStart(5)} items, ${String(bytes(list)).padStart(8)} bytes on the wire`,
    );
  const perTrace = of('span').length / traces.size;
  console.log('one app request sends:');
  console.log(
    `  its trace: ${(items(of('span')) / traces.size).toFixed(1)} spans (min ${Math.min(...spanCounts)}, max ${Math.max(...spanCounts)}) in ${perTrace.toFixed(2)} span envelopes, ${(bytes(of('span')) / traces.size).toFixed(0)} bytes`,
  );
  console.log(
    `  ${(items(logs) / REQUESTS).toFixed(2)} log lines, ${(bytes(logs) / REQUESTS).toFixed(0)} bytes (in shared envelopes of up to ${Math.max(...logs.map(itemsIn))} lines)`,
  );
  console.log(
    `  ${(errors.length / REQUESTS).toFixed(3)} errors, ${(bytes(errors) / REQUESTS).toFixed(0)} bytes (${errors.length} of ${(bytes(errors) / Math.max(1, errors.length)).toFixed(0)} bytes)`,
  );
  console.log(
    `  its share of ${sessions.length} session aggregate envelopes (${sessions.map((r) => r.body.split('\n')[2]).join(' ')})`,
  );
  console.log(`  ${(bytes(received) / REQUESTS).toFixed(0)} bytes in all`);
  if (of('client_report').length)
    console.log(
      `  client reports (items the SDK dropped): ${of('client_report')
        .map((r) => r.body.split('\n')[2])
        .join(' ')}`,
    );

  // A representative set, a few hundred KB: the span envelopes of 6 traces (one of them failed; none of the first
  // requests, whose traces also hold the pool's first connections), 2 errors, one full log envelope, every session
  // envelope.
  const failed = new Set(errors.map(traceOf));
  const kept = [...traces.keys()].filter((t) => !failed.has(t)).slice(10, 15);
  kept.push(...[...traces.keys()].filter((t) => failed.has(t)).slice(0, 1));
  const keep = [...kept.flatMap((t) => traces.get(t)!), ...errors.slice(0, 2), ...logs.slice(0, 1), ...sessions];
  const fixture = {
    recordedAt: new Date().toISOString(),
    sdk: `@sentry/node ${SDK_VERSION}`,
    requests: REQUESTS,
    perRequest: {
      spans: items(of('span')) / traces.size,
      spanEnvelopes: perTrace,
      logLines: items(logs) / REQUESTS,
      errors: errors.length / REQUESTS,
      bytes: bytes(received) / REQUESTS,
    },
    envelopes: keep,
  };
  // In the repository's format, so the committed file passes the format check as written.
  fs.writeFileSync(
    OUT,
    await prettier.format(JSON.stringify(fixture), { ...(await prettier.resolveConfig(OUT)), filepath: OUT }),
  );
  console.log(`kept ${keep.length} envelopes in ${path.relative(process.cwd(), OUT)} (${fs.statSync(OUT).size} bytes)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

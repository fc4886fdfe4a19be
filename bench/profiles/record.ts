// Records bench:profiles' fixture (#47), once: `npx tsx bench/profiles/record.ts [--rate 150]`. Starts
// bench/profiles/busy-app.mjs (the real @sentry/node and @sentry/profiling-node 11, continuous profiling) pointed at
// a local envelope catcher, sends it --rate requests a second over its four routes until the SDK sends its first
// profile_chunk (the profiler's 60-second chunk), and writes what the SDK sent, as sent, to bench/profiles/:
// the chunk's envelope (node-profile-chunk.envelope) and, for each route, PER_ROUTE complete transactions' span v2
// envelopes (node-spans.json) carrying the chunk's sentry.profiler_id. bench:profiles reads these; it records nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { freePort } from '@/lib/runtime/embedded-db';

const { values: args } = parseArgs({ options: { rate: { type: 'string', default: '150' } } });
const RATE = Number(args.rate);
const DIR = import.meta.dirname;
const PER_ROUTE = 3;
const CHUNK_FILE = path.join(DIR, 'node-profile-chunk.envelope');
const SPANS_FILE = path.join(DIR, 'node-spans.json');
const require = createRequire(import.meta.url);
const SDK_VERSION = (
  createRequire(require.resolve('@sentry/profiling-node'))('@sentry/node/package.json') as { version: string }
).version;

type Envelope = { text: string; items: { header: Record<string, unknown>; payload: string }[] };

/** A Sentry envelope's items (every item here is JSON text with or without a length). */
function itemsOf(text: string): Envelope['items'] {
  const buf = Buffer.from(text);
  const items: Envelope['items'] = [];
  let pos = buf.indexOf(0x0a) + 1;
  while (pos > 0 && pos < buf.length) {
    const headerEnd = buf.indexOf(0x0a, pos);
    const header = JSON.parse(buf.subarray(pos, headerEnd).toString('utf8')) as Record<string, unknown>;
    const start = headerEnd + 1;
    const lineEnd = buf.indexOf(0x0a, start);
    const end = typeof header.length === 'number' ? start + header.length : lineEnd < 0 ? buf.length : lineEnd;
    items.push({ header, payload: buf.subarray(start, end).toString('utf8') });
    pos = end + 1;
  }
  return items;
}

type SpanV2 = { name: string; span_id: string; is_segment: boolean; attributes: Record<string, { value: unknown }> };

async function main() {
  const received: Envelope[] = [];
  let chunkSeen: () => void = () => {};
  const chunkArrived = new Promise<void>((r) => (chunkSeen = r));
  const catcher = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      let body = Buffer.concat(parts);
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      const text = body.toString('utf8');
      const env = { text, items: itemsOf(text) };
      received.push(env);
      if (env.items.some((i) => i.header.type === 'profile_chunk')) chunkSeen();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const catcherPort = await freePort();
  await new Promise<void>((r) => catcher.listen(catcherPort, '127.0.0.1', r));
  const appPort = await freePort();
  const app = spawn(
    process.execPath,
    [path.join(DIR, 'busy-app.mjs'), `http://bench@127.0.0.1:${catcherPort}/1`, String(appPort)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    app.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    app.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  console.log(`[record] @sentry/node ${SDK_VERSION} app ready; ${RATE} requests/s until its first profile chunk`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const request = (method: string, p: string, body?: string) =>
    new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: appPort, method, path: p, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const queries = ['mug', 'oak', 'linen', 'kettle', 'jar', 'wool', 'steel'];
  const one = (i: number) => {
    const r = i % 20;
    if (r < 8) return request('GET', `/products?q=${queries[i % queries.length]}&sort=${i % 2 ? 'price' : 'title'}`);
    if (r < 12) {
      const lines = Array.from({ length: 1 + (i % 4) }, (_, k) => ({
        sku: `P-${10000 + ((i * 17 + k) % 5000)}`,
        qty: 1 + k,
      }));
      return request('POST', '/checkout', JSON.stringify({ customer: `c${i % 1500}`, lines }));
    }
    if (r < 19) return request('GET', `/orders?id=A-${100000 + ((i * 31) % 20000)}`);
    return request('GET', `/report?days=${1 + (i % 30)}`);
  };
  const statuses = new Map<number, number>();
  let stop = false;
  const started = Date.now();
  const loop = (async () => {
    const pending: Promise<void>[] = [];
    for (let i = 0; !stop; i++) {
      const wait = started + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(one(i).then((s) => void statuses.set(s, (statuses.get(s) ?? 0) + 1)));
    }
    await Promise.all(pending);
  })();
  await chunkArrived;
  stop = true;
  await loop;
  agent.destroy();
  // The spans of the last requests are sent within a few seconds.
  await new Promise((r) => setTimeout(r, 3000));
  app.kill('SIGTERM');
  catcher.close();
  console.log(
    `[record] ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')} answers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const chunkEnv = received.find((e) => e.items.some((i) => i.header.type === 'profile_chunk'))!;
  const chunk = JSON.parse(chunkEnv.items.find((i) => i.header.type === 'profile_chunk')!.payload) as {
    profiler_id: string;
    profile: { samples: { timestamp: number }[]; stacks: unknown[]; frames: unknown[] };
  };
  const samples = chunk.profile.samples;
  const seconds = samples.at(-1)!.timestamp - samples[0].timestamp;
  fs.writeFileSync(CHUNK_FILE, chunkEnv.text);
  console.log(
    `[record] profile chunk: ${Buffer.byteLength(chunkEnv.text)} bytes as sent, ${samples.length} samples over ${seconds.toFixed(1)} s, ${chunk.profile.stacks.length} stacks, ${chunk.profile.frames.length} frames`,
  );

  // Complete transactions of each route: envelopes whose span v2 items hold a segment and its children, profiled.
  const byRoute = new Map<string, string[]>();
  for (const env of received) {
    const spanItem = env.items.find((i) => i.header.type === 'span');
    if (!spanItem || env.items.length !== 1) continue;
    const spans = (JSON.parse(spanItem.payload) as { items: SpanV2[] }).items;
    const segment = spans.find((s) => s.is_segment);
    if (!segment || spans.length < 2 || (byRoute.get(segment.name)?.length ?? 0) >= PER_ROUTE) continue;
    if (segment.attributes['sentry.profiler_id']?.value !== chunk.profiler_id) continue;
    if (!spans.every((s) => s.attributes['sentry.segment.id']?.value === segment.span_id)) continue;
    byRoute.set(segment.name, [...(byRoute.get(segment.name) ?? []), env.text]);
  }
  fs.writeFileSync(SPANS_FILE, `${JSON.stringify([...byRoute.values()].flat(), null, 2)}\n`);
  console.log(`[record] transactions kept: ${[...byRoute.keys()].join(', ')} (${received.length} envelopes caught)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error('[record] failed:', err);
    process.exit(1);
  },
);

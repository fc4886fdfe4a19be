// Hostile input of #43: compressed bodies that declare (or expand to) far more than the 1 MiB cap are 413 on every
// ingest endpoint with the server's memory flat, and values nested 30,000 deep are never a 500: in OTLP the span or
// log record is left out, counted (invalid, too_deep) and named in the answer's partialSuccess (#58), its siblings
// stored; in Sentry and native events the item is refused (400), as before.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import {
  otlpLogsJson,
  otlpLogsProtobuf,
  otlpTracesProtobuf,
  zstdContentSizeBomb,
  zstdWindowBomb,
  type HostileLog,
} from '../support/hostile-bodies';
import { exportAnswer } from '../support/otlp-exports';

const MiB = 1024 * 1024;
const T = Math.floor(Date.now() / 1000) - 60;
const TOO_LARGE = 'Request body too large (limit 1 MiB)';

type Project = { id: string; number: number; keys: { publicKey: string }[] };
type Endpoint = 'sentry' | 'native' | 'otlp';

async function setup() {
  const s = await signUp();
  const project = (await createProject(s.client, 'Hostile')) as Project;
  return { client: s.client, project, key: project.keys[0].publicKey };
}

function post(
  client: TestClient,
  project: Project,
  endpoint: Endpoint,
  body: Uint8Array | string,
  headers: Record<string, string>,
) {
  const key = project.keys[0].publicKey;
  if (endpoint === 'sentry')
    return client.post(`/api/${project.number}/envelope/`, body, {
      headers: { 'x-sentry-auth': `Sentry sentry_key=${key}, sentry_version=7`, ...headers },
    });
  if (endpoint === 'native')
    return client.post(`/api/v1/ingest/${project.id}/envelope`, body, {
      headers: { 'x-ingest-auth': `ingest_key=${key}`, ...headers },
    });
  return client.post(`/api/${project.number}/integration/otlp/v1/logs`, body, {
    headers: { 'x-sentry-auth': `sentry sentry_key=${key}`, 'content-type': 'application/json', ...headers },
  });
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const peakRssMiB = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

/** How far this process's RSS peaked above where it was (after a full GC) while `run` ran: the handlers run in-process. */
async function peakGrowthMiB<T>(run: () => Promise<T>): Promise<{ result: T; grownMiB: number }> {
  gc();
  // Writing 5 resets the peak (VmHWM) to the current RSS (Linux 4.0+).
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const before = process.memoryUsage().rss / MiB;
  const result = await run();
  return { result, grownMiB: peakRssMiB() - before };
}

/** `mib` MiB of zeros as one brotli stream with a 2^lgwin window, compressed chunk by chunk. */
async function brotliZeros(mib: number, lgwin: number): Promise<Buffer> {
  const enc = zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin },
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

const BOMBS: [string, string, () => Buffer | Promise<Buffer>][] = [
  ['zstd declaring a 1.875 GiB window (70 bytes)', 'zstd', zstdWindowBomb],
  ['zstd declaring 2^40 bytes of content', 'zstd', zstdContentSizeBomb],
  ['gzip of 256 MiB of zeros', 'gzip', () => zlib.gzipSync(Buffer.alloc(256 * MiB))],
  ['deflate of 256 MiB of zeros', 'deflate', () => zlib.deflateSync(Buffer.alloc(256 * MiB))],
  ['br of 1 GiB of zeros, 4 MiB window', 'br', () => brotliZeros(1024, 22)],
  ['br of 1 GiB of zeros, 16 MiB window (refused by its header)', 'br', () => brotliZeros(1024, 24)],
];
const TOO_LARGE_BODY: Record<Endpoint, unknown> = {
  sentry: { statusCode: 413, status: 'failed', message: TOO_LARGE },
  native: { statusCode: 413, status: 'failed', message: TOO_LARGE },
  otlp: { statusCode: 413, message: TOO_LARGE },
};

describe('decompression bombs → 413 on every ingest endpoint, memory flat', () => {
  it.each(BOMBS)('%s', async (_name, encoding, make) => {
    const s = await setup();
    const bomb = await make();
    expect(bomb.length).toBeLessThan(MiB);
    for (const endpoint of ['sentry', 'native', 'otlp'] as const) {
      const { result: res, grownMiB } = await peakGrowthMiB(() =>
        post(s.client, s.project, endpoint, new Uint8Array(bomb), { 'content-encoding': encoding }),
      );
      expect([endpoint, res.status, res.body]).toEqual([endpoint, 413, TOO_LARGE_BODY[endpoint]]);
      expect(grownMiB, `${endpoint}: peak RSS ${grownMiB.toFixed(0)} MiB above before`).toBeLessThan(50);
    }
  });

  it('a zstd body from the zstd CLI (2 MiB window, size unknown) is still taken on all three', async () => {
    const s = await setup();
    const { execFileSync } = await import('node:child_process');
    const zstd = (text: string) =>
      new Uint8Array(execFileSync('zstd', ['-3', '-q', '-c'], { input: Buffer.from(text) }));
    const event = {
      event_id: 'a'.repeat(32),
      timestamp: T,
      platform: 'python',
      level: 'error',
      exception: { values: [{ type: 'E', value: 'v' }] },
    };
    const sentry = await post(s.client, s.project, 'sentry', zstd(`{}\n{"type":"event"}\n${JSON.stringify(event)}\n`), {
      'content-encoding': 'zstd',
    });
    const native = await post(
      s.client,
      s.project,
      'native',
      zstd(
        JSON.stringify({
          exception: { type: 'E', value: 'v', stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] } },
        }),
      ),
      { 'content-encoding': 'zstd' },
    );
    const otlp = await post(s.client, s.project, 'otlp', zstd(otlpLogsJson([{ body: 'compressed' }])), {
      'content-encoding': 'zstd',
    });
    expect([sentry.status, native.status, otlp.status, otlp.text]).toEqual([200, 200, 200, '{}']);
  });
});

const DEEP = 30_000;

async function logBodies(client: TestClient, project: Project): Promise<string[]> {
  const res = await client.get(`/api/v1/projects/${project.id}/logs`);
  return (res.body.data.logs as { body: string }[]).map((l) => l.body).sort();
}

async function tooDeepCount(client: TestClient, project: Project, category: string): Promise<number | undefined> {
  const rows = (await client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
    category: string;
    outcome: string;
    reason: string;
    quantity: number;
  }[];
  return rows.find((r) => r.category === category && r.outcome === 'invalid' && r.reason === 'too_deep')?.quantity;
}

const TOO_DEEP = 'First reason: a value nested more than 24 levels deep (invalid: too_deep).';
/** The partial success naming `n` spans or log records left out for nesting too deep. */
const tooDeep = (field: 'rejectedSpans' | 'rejectedLogRecords', n: number, noun: string) => ({
  partialSuccess: { [field]: String(n), errorMessage: `${n} ${noun} rejected. ${TOO_DEEP}` },
});
/** A protobuf answer's bytes: these answers are ASCII (lengths and counts under 128), so the text holds them. */
const protobufAnswer = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

const sibling = (body: HostileLog['body'], attribute?: HostileLog['attribute']): HostileLog[] => [
  { body: 'first sibling' },
  { body, attribute },
  { body: 'last sibling' },
];

describe(`OTLP values nested ${DEEP.toLocaleString('en')} deep → 200, the record left out and counted, its siblings stored`, () => {
  // JSON this deep is 28 bytes a level: one deep value per request stays under the 1 MiB cap.
  it.each([
    ['body arrayValue', sibling({ depth: DEEP, kind: 'array' })],
    ['attribute arrayValue', sibling('deep attribute', { depth: DEEP, kind: 'array' })],
    ['body kvlistValue (20,000: 49 bytes a level)', sibling({ depth: 20_000, kind: 'kvlist' })],
  ])('logs, JSON: %s', async (_name, records) => {
    const s = await setup();
    const body = otlpLogsJson(records);
    expect(body.length).toBeLessThan(MiB);
    const res = await post(s.client, s.project, 'otlp', body, { 'content-type': 'application/json' });
    expect([res.status, res.body]).toEqual([200, tooDeep('rejectedLogRecords', 1, 'log record')]);
    expect(await logBodies(s.client, s.project)).toEqual(['first sibling', 'last sibling']);
    expect(await tooDeepCount(s.client, s.project, 'log_item')).toBe(1);
  });

  it('logs, protobuf: body and attribute arrayValue and kvlistValue in one request', async () => {
    const s = await setup();
    const records: HostileLog[] = [
      { body: 'first sibling' },
      { body: { depth: DEEP, kind: 'array' } },
      { body: 'deep attribute', attribute: { depth: DEEP, kind: 'array' } },
      { body: { depth: DEEP, kind: 'kvlist' } },
      { body: 'last sibling' },
    ];
    const res = await post(s.client, s.project, 'otlp', new Uint8Array(otlpLogsProtobuf(records)), {
      'content-type': 'application/x-protobuf',
    });
    expect([res.status, exportAnswer('logs', protobufAnswer(res.text), 'protobuf')]).toEqual([
      200,
      tooDeep('rejectedLogRecords', 3, 'log records'),
    ]);
    expect(await logBodies(s.client, s.project)).toEqual(['first sibling', 'last sibling']);
    expect(await tooDeepCount(s.client, s.project, 'log_item')).toBe(3);
  });

  it('traces, protobuf: a span attribute and a span event attribute', async () => {
    const s = await setup();
    const traceId = 'cd'.repeat(16);
    const body = otlpTracesProtobuf(traceId, [
      { name: 'GET /kept' },
      { name: 'GET /deep', attribute: { depth: DEEP, kind: 'array' } },
      { name: 'GET /deep-event', eventAttribute: { depth: DEEP, kind: 'kvlist' } },
    ]);
    const res = await s.client.post(`/api/${s.project.number}/integration/otlp/v1/traces`, new Uint8Array(body), {
      headers: { 'x-sentry-auth': `sentry sentry_key=${s.key}`, 'content-type': 'application/x-protobuf' },
    });
    expect([res.status, exportAnswer('traces', protobufAnswer(res.text), 'protobuf')]).toEqual([
      200,
      tooDeep('rejectedSpans', 2, 'spans'),
    ]);
    const trace = (await s.client.get(`/api/v1/organization/traces/${traceId}`)).body.data as {
      spans: { description: string }[];
    };
    expect(trace.spans.map((x) => x.description)).toEqual(['GET /kept']);
    expect(await tooDeepCount(s.client, s.project, 'span')).toBe(2);
  });
});

const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe(`event contexts and breadcrumb data nested ${DEEP.toLocaleString('en')} deep → 400 naming the field, never a 5xx`, () => {
  it.each([
    ['contexts', (v: string) => `"contexts":{"app":${v}}`, ['contexts']],
    ['breadcrumb data', (v: string) => `"breadcrumbs":{"values":[{"message":"m","data":${v}}]}`, ['breadcrumbs']],
    ['extra', (v: string) => `"extra":{"x":${v}}`, ['extra']],
  ])('Sentry envelope: %s', async (_name, field, path) => {
    const s = await setup();
    const event = `{"event_id":"${'b'.repeat(32)}","timestamp":${T},"level":"error","message":"deep",${field(nested(DEEP))}}`;
    const res = await post(s.client, s.project, 'sentry', `{}\n{"type":"event"}\n${event}\n`, {});
    expect([res.status, res.body.error]).toEqual([
      400,
      [{ path: ['items', 0, ...path], message: 'Nested more than 32 levels deep' }],
    ]);
  });

  it('native envelope: breadcrumb data → 400 naming it', async () => {
    const s = await setup();
    const body = `{"exception":{"type":"E","value":"v","stacktrace":{"frames":[{"filename":"a.js","lineno":1}]}},"breadcrumbs":[{"type":"default","data":${nested(DEEP)}}]}`;
    const res = await post(s.client, s.project, 'native', body, { 'content-type': 'application/json' });
    expect([res.status, res.body.error[0]]).toEqual([
      400,
      { path: ['breadcrumbs', 0, 'data', ...Array(29).fill('a')], message: 'Nested more than 32 levels deep' },
    ]);
  });

  it.each([
    ['contexts (each capped by its serialized size, as extra)', `"contexts":{"app":{"x":${nested(DEEP)}}}`],
    ['extra (capped by its serialized size)', `"extra":{"x":${nested(DEEP)}}`],
  ])('native envelope: %s → the deep value is dropped by the schema, the event stored (200)', async (_name, field) => {
    const s = await setup();
    const body = `{"exception":{"type":"E","value":"v","stacktrace":{"frames":[{"filename":"a.js","lineno":1}]}},${field}}`;
    const res = await post(s.client, s.project, 'native', body, { 'content-type': 'application/json' });
    expect([res.status, res.body.message]).toEqual([200, 'Event received successfully']);
  });
});

describe(`a Sentry log line whose body is nested ${DEEP.toLocaleString('en')} deep`, () => {
  it('is left out and counted as unusable; the lines beside it are stored', async () => {
    const s = await setup();
    const line = (body: string) => `{"timestamp":${T},"level":"info","body":${body}}`;
    const item = `{"items":[${line('"first sibling"')},${line(nested(DEEP))},${line('"last sibling"')}]}`;
    const res = await post(s.client, s.project, 'sentry', `{}\n{"type":"log","item_count":3}\n${item}\n`, {});
    expect(res.status, res.text).toBe(200);
    expect(await logBodies(s.client, s.project)).toEqual(['first sibling', 'last sibling']);
    await flushOutcomes();
    const rows = (await s.client.get(`/api/v1/projects/${s.project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    expect(
      rows
        .filter((r) => r.category === 'log_item')
        .map((r) => [r.outcome, r.reason, r.quantity])
        .sort(),
    ).toEqual([
      ['accepted', '', 2],
      ['invalid', 'unusable_or_over_cap', 1],
    ]);
  });
});

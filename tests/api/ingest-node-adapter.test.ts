// The node:http ingest adapter (what `npm start` serves) over real HTTP on loopback, with the case tables the
// App Router route's tests use (ingest.test.ts, ingest-quota.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { ingestProjectId, otlpTarget, sentryTarget, serveIngest } from '@/lib/ingest/protocols/node-adapter';
import { pool } from '@/lib/pg';
import { errorEnvelope, ingestPath, send, transactionEnvelope } from './ingest-helpers';
import { exportAnswer, otlpExport } from '../support/otlp-exports';
import {
  ACCEPTED_ERROR_CASES,
  ERROR_VALIDATION_CASES,
  keyCases,
  MALFORMED_BODY_CASES,
  TRANSACTION_VALIDATION_CASES,
} from './ingest-cases';

const anyMessage = expect.any(String);
const ok = { statusCode: 200, status: 'success', message: 'Event received successfully' };

let server: http.Server;
let port: number;
let http1: TestClient;
let owner: TestClient;
let projectId: string;
let key: string;

beforeAll(async () => {
  // Paths the adapter does not serve would go to Next; here they get a marker answer.
  server = http.createServer((req, res) => {
    if (!serveIngest(req, res)) res.writeHead(404, { 'x-handled-by': 'next' }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  http1 = new TestClient(`http://127.0.0.1:${port}`);
  const s = await signUp();
  owner = s.client;
  const p = await createProject(owner);
  projectId = p.id;
  key = p.keys[0].publicKey;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const eventCount = () => db.event.count({ where: { projectId } });
const txCount = () => db.transaction.count({ where: { projectId } });

describe('node adapter: routing', () => {
  it.each([
    ['/api/v1/ingest/p1/envelope', 'p1'],
    ['/api/v1/ingest/p1/envelope?ingest_key=k', 'p1'],
    ['/api/v1/ingest/a%20b/envelope', 'a b'],
    ['/api/v1/ingest/p1/envelope/', null],
    ['/api/v1/ingest//envelope', null],
    ['/api/v1/ingest/a/b/envelope', null],
    ['/api/v1/ingest/p1/other', null],
    ['/api/v1/projects', null],
    ['/api/v1/ingest/%E0%A4%A/envelope', null],
  ])('%s → %s', (url, expected) => {
    expect(ingestProjectId(url)).toBe(expected);
  });

  it.each([
    ['/api/7/envelope/', { projectNumber: '7', endpoint: 'envelope' }],
    ['/api/7/envelope/?sentry_key=k&sentry_version=7', { projectNumber: '7', endpoint: 'envelope' }],
    ['/api/12/store', { projectNumber: '12', endpoint: 'store' }],
    ['/api/health/envelope/', null],
    ['/api/v1/envelope/', null],
    ['/api/7/other/', null],
    ['/api/7/8/envelope/', null],
  ])('Sentry %s → %j', (url, expected) => {
    expect(sentryTarget(url)).toEqual(expected);
  });

  it.each([
    ['/api/7/integration/otlp/v1/logs', { projectNumber: '7', signal: 'logs' }],
    ['/api/7/integration/otlp/v1/traces?sentry_key=k', { projectNumber: '7', signal: 'traces' }],
    ['/api/7/integration/otlp/v1/metrics', { projectNumber: '7', signal: 'metrics' }],
    ['/api/7/integration/otlp/v1/logs/', null],
    ['/api/v1/integration/otlp/v1/logs', null],
    ['/api/7/integration/otlp/v2/logs', null],
    ['/api/%E0%A4%A/integration/otlp/v1/logs', null],
  ])('OTLP %s → %j', (url, expected) => {
    expect(otlpTarget(url)).toEqual(expected);
  });

  it('other methods and paths are handed on untouched', async () => {
    expect((await http1.get(ingestPath(projectId))).headers.get('x-handled-by')).toBe('next');
    expect((await http1.post('/api/v1/projects', {})).headers.get('x-handled-by')).toBe('next');
  });
});

describe('node adapter: validation (the route’s case tables)', () => {
  it.each(ERROR_VALIDATION_CASES)('error envelope: %s → 400 at the exact path', async (_name, body, path) => {
    const before = await eventCount();
    const res = await send({ client: http1, projectId, key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await eventCount()).toBe(before);
  });

  it.each(MALFORMED_BODY_CASES)('%s → 400 with path []', async (_name, raw) => {
    const res = await send({ client: http1, projectId, key, body: raw });
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: anyMessage }],
    });
  });

  it.each(ACCEPTED_ERROR_CASES)('accepts %s', async (_name, body) => {
    const before = await eventCount();
    const res = await send({ client: http1, projectId, key, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ok);
    expect(await eventCount()).toBe(before + 1);
  });

  it.each(TRANSACTION_VALIDATION_CASES)('transaction: %s → 400 at the exact path', async (_name, body, path) => {
    const before = await txCount();
    const res = await send({ client: http1, projectId, key, body });
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(await txCount()).toBe(before);
  });
});

describe('node adapter: keys', () => {
  it('accepts the key in X-Ingest-Auth or in ?ingest_key=; 401 for every case of the route’s table', async () => {
    expect((await send({ client: http1, projectId, key, body: errorEnvelope() })).status).toBe(200);
    expect(
      (await send({ client: http1, projectId, key: null, body: errorEnvelope(), opts: { query: { ingest_key: key } } }))
        .status,
    ).toBe(200);

    const other = await signUp();
    const otherProject = await createProject(other.client);
    const disabled = (await owner.post(`/api/v1/projects/${projectId}/keys`, { label: 'CI' })).body.data;
    const deleted = (await owner.post(`/api/v1/projects/${projectId}/keys`, { label: 'Old' })).body.data;
    expect((await send({ client: http1, projectId, key: disabled.publicKey, body: errorEnvelope() })).status).toBe(200);
    expect((await send({ client: http1, projectId, key: deleted.publicKey, body: errorEnvelope() })).status).toBe(200);
    expect((await owner.patch(`/api/v1/projects/${projectId}/keys/${disabled.id}`, { enabled: false })).status).toBe(
      200,
    );
    expect((await owner.delete(`/api/v1/projects/${projectId}/keys/${deleted.id}`)).status).toBe(200);

    const withSessionOnly = new TestClient(http1.baseUrl);
    withSessionOnly.cookie = owner.cookie;
    const cases = keyCases({
      anonymous: new TestClient(http1.baseUrl),
      withSessionOnly,
      projectId,
      key,
      otherProjectId: otherProject.id,
      otherProjectKey: otherProject.keys[0].publicKey,
      disabledKey: disabled.publicKey,
      deletedKey: deleted.publicKey,
    });
    const before = await db.event.count();
    for (const [name, call, prefix] of cases) {
      const res = await call();
      expect(res.status, name).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        status: 'failed',
        message: expect.stringMatching(new RegExp(`^${prefix}`)),
      });
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*');
    }
    expect(await db.event.count()).toBe(before);
  });
});

describe('node adapter: CORS, size and encoding', () => {
  it('answers the preflight with 204 and the CORS headers', async () => {
    const res = await http1.request('OPTIONS', ingestPath(projectId), {
      headers: {
        origin: 'https://shop.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-ingest-auth',
      },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Ingest-Auth');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('413 above 1 MiB, plain and after gzip inflation; a gzip body within the limit is accepted', async () => {
    const big = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024) }));
    const plain = await send({ client: http1, projectId, key, body: big });
    expect(plain.status).toBe(413);
    expect(plain.body).toEqual({ statusCode: 413, status: 'failed', message: expect.stringMatching(/too large/) });
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect((await send({ client: http1, projectId, key, body: big, opts: { gzip: true } })).status).toBe(413);

    const justUnder = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024 - 1000) }));
    expect((await send({ client: http1, projectId, key, body: justUnder })).status).toBe(200);
    const before = await eventCount();
    expect((await send({ client: http1, projectId, key, body: errorEnvelope(), opts: { gzip: true } })).body).toEqual(
      ok,
    );
    expect(await eventCount()).toBe(before + 1);
  });

  it('413 while streaming a chunked body without Content-Length, before the client has sent it all', async () => {
    const chunk = Buffer.alloc(256 * 1024, 32);
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: ingestPath(projectId),
        method: 'POST',
        headers: { 'x-ingest-auth': `ingest_key=${key}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode!, sent });
      });
      req.on('error', reject);
      const pump = () => {
        if (sent >= 16) return req.end();
        sent++;
        req.write(chunk, () => setTimeout(pump, 5));
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(16);
  });

  it('deflate is accepted; a corrupt gzip body is 400; an unknown encoding is 415', async () => {
    const auth = { 'x-ingest-auth': `ingest_key=${key}` };
    expect(
      (
        await http1.post(ingestPath(projectId), new Uint8Array(deflateSync(JSON.stringify(errorEnvelope()))), {
          headers: { ...auth, 'content-encoding': 'deflate' },
        })
      ).status,
    ).toBe(200);
    const corrupt = await http1.post(ingestPath(projectId), 'not gzip at all', {
      headers: { ...auth, 'content-encoding': 'gzip' },
    });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.error).toEqual([{ path: [], message: anyMessage }]);
    expect(
      (await http1.post(ingestPath(projectId), 'x', { headers: { ...auth, 'content-encoding': 'compress' } })).status,
    ).toBe(415);
  });
});

describe('node adapter: quota', () => {
  it('N > L parallel envelopes with L left → exactly L × 200 and N − L × 429; used ends at the limit; events = L = Σ eventCount', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const FREE_LIMIT = monthlyEventLimit('FREE');
    const L = 25;
    const N = 60;
    const month = monthOf(clock.now());
    await db.monthlyUsage.create({ data: { orgId: s.orgId, month, used: FREE_LIMIT - L, errors: FREE_LIMIT - L } });
    const levels = ['error', 'fatal', 'warning', 'info', 'debug'];
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send({
          client: http1,
          projectId: p.id,
          key: p.keys[0].publicKey,
          body:
            i % 7 === 3
              ? transactionEnvelope()
              : errorEnvelope({
                  level: levels[i % 5],
                  exception: {
                    type: `E${i % 4}`,
                    value: `#${i}`,
                    stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
                  },
                }),
        }),
      ),
    );
    const errors = results.filter((_, i) => i % 7 !== 3);
    expect(errors.filter((r) => r.status === 200)).toHaveLength(L);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body).toEqual({ statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' });
    const u = await db.monthlyUsage.findUniqueOrThrow({ where: { orgId_month: { orgId: s.orgId, month } } });
    expect(u.used).toBe(FREE_LIMIT);
    expect(u.errors + u.warnings + u.info).toBe(FREE_LIMIT);
    expect(u.transactions).toBe(results.filter((r, i) => i % 7 === 3 && r.status === 200).length);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(L);
    expect((await db.issue.aggregate({ where: { projectId: p.id }, _sum: { eventCount: true } }))._sum.eventCount).toBe(
      L,
    );
    expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(u.transactions);
  });
});

describe('node adapter: Sentry endpoints', () => {
  it('an event envelope through /api/<number>/envelope/ is answered like the route and stored; the preflight too', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const eventId = '7d1f1b2ea8d84d53a3c7b5e0f1a2b3c4';
    const event = {
      event_id: eventId,
      timestamp: 1_700_000_000,
      level: 'error',
      platform: 'javascript',
      exception: {
        values: [
          {
            type: 'RangeError',
            value: 'Invalid array length',
            stacktrace: {
              frames: [{ filename: 'https://shop.example.com/app.js', function: 'main', lineno: 1, colno: 1 }],
            },
          },
        ],
      },
    };
    const body =
      [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n') +
      '\n';
    const headers = {
      'content-type': 'text/plain;charset=UTF-8',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${p.keys[0].publicKey}`,
    };
    const viaNode = await http1.post(`/api/${p.number}/envelope/`, body, { headers });
    expect(viaNode.status).toBe(200);
    expect(viaNode.body).toEqual({ id: eventId });
    expect(await db.event.count({ where: { projectId: p.id, eventId } })).toBe(1);
    // The App Router route answers a repeat the same way (stored once).
    const viaRoute = await s.client.post(`/api/${p.number}/envelope/`, body, { headers });
    expect([viaRoute.status, viaRoute.body]).toEqual([viaNode.status, viaNode.body]);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(1);

    const preflight = await http1.request('OPTIONS', `/api/${p.number}/envelope/`, {
      headers: { origin: 'https://shop.example.org', 'access-control-request-method': 'POST' },
    });
    const routePreflight = await s.client.request('OPTIONS', `/api/${p.number}/envelope/`, {
      headers: { origin: 'https://shop.example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(routePreflight.status);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      routePreflight.headers.get('access-control-allow-headers'),
    );
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('node adapter: OTLP/HTTP', () => {
  it('answers every case as the App Router route does, and stores the log lines', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const k = p.keys[0].publicKey;
    const lines = (n: number, tag: string) =>
      JSON.stringify({
        resourceLogs: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shop' } }] },
            scopeLogs: [
              {
                scope: { name: 'bench' },
                logRecords: Array.from({ length: n }, (_, i) => ({
                  timeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                  severityNumber: 9,
                  severityText: 'INFO',
                  body: { stringValue: `${tag} line ${i}` },
                  attributes: [{ key: 'order.id', value: { stringValue: `o-${i}` } }],
                })),
              },
            ],
          },
        ],
      });
    const json = { 'content-type': 'application/json' };
    // Exports that leave something out (#58): both ways in answer the same partialSuccess.
    const deep = (encoding: 'json' | 'protobuf') =>
      otlpExport('logs', [{ body: { nested: 30 } }, { body: `kept ${encoding} line` }], encoding);
    const deepJson = deep('json');
    const deepProtobuf = deep('protobuf');
    const timeless = otlpExport('logs', [{ body: 'timeless', timeMs: null }], 'json');
    const tooDeep = 'First reason: a value nested more than 24 levels deep (invalid: too_deep).';
    const partials: Record<string, unknown> = {
      'a line nested too deep beside a kept one, JSON': {
        partialSuccess: { rejectedLogRecords: '1', errorMessage: `1 log record rejected. ${tooDeep}` },
      },
      'a line nested too deep beside a kept one, protobuf': {
        partialSuccess: { rejectedLogRecords: '1', errorMessage: `1 log record rejected. ${tooDeep}` },
      },
      'only a line without a time': {
        partialSuccess: {
          rejectedLogRecords: '1',
          errorMessage:
            '1 log record rejected. First reason: missing or invalid ids or times, or past the cap of 5,000 a request (invalid: unusable_or_over_cap).',
        },
      },
    };
    const cases: [string, string, string, string | Uint8Array | undefined, Record<string, string>][] = [
      [
        '3 lines, key in the query',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        lines(3, 'q'),
        json,
      ],
      [
        '2 lines, key in X-Sentry-Auth',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs`,
        lines(2, 'h'),
        { ...json, 'x-sentry-auth': `sentry sentry_key=${k}` },
      ],
      [
        'protobuf content type, empty body',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        '',
        { 'content-type': 'application/x-protobuf' },
      ],
      ['no key', 'POST', `/api/${p.number}/integration/otlp/v1/logs`, lines(1, 'x'), json],
      [
        'a wrong key',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${'0'.repeat(32)}`,
        lines(1, 'x'),
        json,
      ],
      [
        'an unknown signal',
        'POST',
        `/api/${p.number}/integration/otlp/v1/metrics?sentry_key=${k}`,
        lines(1, 'x'),
        json,
      ],
      ['a NUL in the key', 'POST', `/api/${p.number}/integration/otlp/v1/logs?sentry_key=a%00b`, lines(1, 'x'), json],
      [
        'a line nested too deep beside a kept one, JSON',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        deepJson.body,
        { 'content-type': deepJson.contentType },
      ],
      [
        'a line nested too deep beside a kept one, protobuf',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        deepProtobuf.body,
        { 'content-type': deepProtobuf.contentType },
      ],
      [
        'only a line without a time',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        timeless.body,
        json,
      ],
      ['not JSON', 'POST', `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`, '{nope', json],
      [
        'a text body',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        'hi',
        { 'content-type': 'text/plain' },
      ],
      [
        'the preflight',
        'OPTIONS',
        `/api/${p.number}/integration/otlp/v1/logs`,
        undefined,
        { origin: 'https://shop.example.org' },
      ],
    ];
    for (const [name, method, url, body, headers] of cases) {
      const viaNode = await http1.request(method, url, { body, headers });
      const viaRoute = await s.client.request(method, url, { body, headers });
      expect([viaNode.status, viaNode.text], name).toEqual([viaRoute.status, viaRoute.text]);
      for (const h of ['content-type', 'access-control-allow-origin', 'access-control-allow-headers', 'allow'])
        expect(viaNode.headers.get(h), `${name}: ${h}`).toBe(viaRoute.headers.get(h));
      if (name in partials) {
        // The protobuf answer is ASCII (a count and a message under 128 bytes): its text holds its bytes.
        const encoding = headers['content-type'].includes('protobuf') ? 'protobuf' : 'json';
        const answer = exportAnswer('logs', new Uint8Array(Buffer.from(viaNode.text, 'utf8')), encoding);
        expect([viaNode.status, answer], name).toEqual([200, partials[name]]);
      }
    }
    // Each accepted export stored once by each way in: (3 + 2 + 1 + 1) lines × 2.
    const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [
      p.id,
    ]);
    expect(rows[0].n).toBe(14);
  });
});

describe('node adapter: writes counted, future clamped, deep nesting refused (security #15), as the routes answer', () => {
  it('a Sentry envelope of 5,000 segment spans: 429 with X-Sentry-Rate-Limits and nothing stored; a 5-span envelope: 200, 5 rows', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    try {
      const s = await signUp();
      const p = await createProject(s.client);
      const spans = (n: number) =>
        `{}\n{"type":"span"}\n${JSON.stringify({ version: 2, items: Array.from({ length: n }, (_, i) => ({ trace_id: 't', span_id: `${i}`, name: `GET /${i}`, start_timestamp: 1_700_000_000, end_timestamp: 1_700_000_001, is_segment: true })) })}\n`;
      const path = `/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`;
      const big = await http1.post(path, spans(5000), { headers: { 'content-type': 'text/plain' } });
      expect([big.status, big.body, big.headers.get('x-sentry-rate-limits')]).toEqual([
        429,
        { statusCode: 429, status: 'failed', message: 'Rate limit exceeded' },
        '1::key',
      ]);
      expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(0);
      const small = await http1.post(path, spans(5), { headers: { 'content-type': 'text/plain' } });
      expect(small.status).toBe(200);
      expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(5);
    } finally {
      delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    }
  });

  it('a native envelope dated 9999-12-31 is stored at its receipt time', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const before = Date.now();
    const res = await http1.post(ingestPath(p.id), errorEnvelope({ timestamp: Date.UTC(9999, 11, 31) }), {
      headers: { 'x-ingest-auth': `ingest_key=${p.keys[0].publicKey}` },
    });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId: p.id } });
    expect(ev.timestamp.getTime()).toBeGreaterThanOrEqual(before);
    expect(ev.timestamp.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('Sentry tags nested 100,000 deep → 400 naming tags, never a 5xx', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const body = `{"message":"m","tags":{"k":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const res = await http1.post(`/api/${p.number}/store/?sentry_key=${p.keys[0].publicKey}`, body, {
      headers: { 'content-type': 'text/plain' },
    });
    expect([res.status, res.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['tags'], message: 'Nested more than 32 levels deep' }],
      },
    ]);
  });
});

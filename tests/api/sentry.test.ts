import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';

const EVENT_ID = '5d1f1b2ea8d84d53a3c7b5e0f1a2b3c4';
const T = 1_700_000_000;
const validation = (path: (string | number)[]) => ({
  statusCode: 400,
  status: 'failed',
  message: 'Validation error',
  error: [{ path, message: expect.any(String) }],
});

afterEach(() => {
  clock.reset();
  delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
});

function envelope(header: object, items: { header: Record<string, unknown>; payload: unknown }[]): string {
  const lines = [JSON.stringify(header)];
  for (const i of items)
    lines.push(JSON.stringify(i.header), typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload));
  return `${lines.join('\n')}\n`;
}

const sentryEvent = (overrides: Record<string, unknown> = {}) => ({
  event_id: EVENT_ID,
  timestamp: T,
  level: 'error',
  platform: 'javascript',
  exception: {
    values: [
      {
        type: 'RangeError',
        value: 'Invalid array length',
        stacktrace: {
          frames: [
            { filename: 'https://shop.example.com/app.js', function: 'main', lineno: 1, colno: 1 },
            { filename: 'https://shop.example.com/app.js', function: 'grow', lineno: 20, colno: 9 },
          ],
        },
      },
    ],
  },
  ...overrides,
});
const eventEnvelope = (overrides: Record<string, unknown> = {}, header: object = { event_id: EVENT_ID }) =>
  envelope(header, [{ header: { type: 'event' }, payload: sentryEvent(overrides) }]);

async function setup() {
  const s = await signUp();
  const p = await createProject(s.client);
  const key = p.keys[0] as (typeof p.keys)[0] & { sentryDsn: string };
  return { ...s, project: p, key: key.publicKey, dsn: key.sentryDsn };
}

type Send = { headers?: Record<string, string>; query?: Record<string, string>; endpoint?: 'envelope' | 'store' };
function post(client: TestClient, number: number | string, body: string | Uint8Array, opts: Send = {}) {
  return client.post(`/api/${number}/${opts.endpoint ?? 'envelope'}/`, body, {
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...opts.headers },
    query: opts.query,
  });
}
const auth = (key: string) => ({
  'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.browser/11.12.0, sentry_key=${key}`,
});
const countEvents = (projectId: string) => db.event.count({ where: { projectId } });

describe('Sentry envelope endpoint: keys', () => {
  it('every project key carries sentryDsn = <scheme>://<publicKey>@<host>/<number>', async () => {
    const { project, key, dsn, client } = await setup();
    expect(dsn).toBe(`http://${key}@localhost:3000/${project.number}`);
    const created = await client.post(`/api/v1/projects/${project.id}/keys`, { label: 'CI' });
    expect(created.body.data.sentryDsn).toBe(`http://${created.body.data.publicKey}@localhost:3000/${project.number}`);
    const listed = await client.get(`/api/v1/projects/${project.id}/keys`);
    expect(listed.body.data.map((k: { sentryDsn: string }) => k.sentryDsn)).toEqual([dsn, created.body.data.sentryDsn]);
  });

  it.each([
    ['X-Sentry-Auth header', (key: string, _dsn: string) => ({ body: eventEnvelope(), opts: { headers: auth(key) } })],
    [
      '?sentry_key= query',
      (key: string, _dsn: string) => ({
        body: eventEnvelope(),
        opts: { query: { sentry_key: key, sentry_version: '7' } },
      }),
    ],
    [
      'dsn in the envelope header',
      (_key: string, dsn: string) => ({ body: eventEnvelope({}, { event_id: EVENT_ID, dsn }), opts: {} }),
    ],
  ])('accepts the key from the %s → 200 { id } and the issue is stored', async (_name, make) => {
    const { client, project, key, dsn } = await setup();
    const { body, opts } = make(key, dsn);
    const res = await post(client, project.number, body, opts);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: EVENT_ID });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const issues = await client.get(`/api/v1/projects/${project.id}/issues`);
    expect(issues.body.data.issues.map((i: { title: string; culprit: string }) => [i.title, i.culprit])).toEqual([
      ['RangeError: Invalid array length', 'https://shop.example.com/app.js in grow'],
    ]);
  });

  it('401 for a missing, unknown, disabled or deleted key, or a project number that is not a number', async () => {
    const { client, project, key } = await setup();
    const missing = await post(client, project.number, eventEnvelope());
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      statusCode: 401,
      status: 'failed',
      message: expect.stringMatching(/^Missing Sentry key/),
    });
    const invalid = { statusCode: 401, status: 'failed', message: 'Invalid ingest key for this project' };
    expect((await post(client, project.number, eventEnvelope(), { headers: auth('0'.repeat(32)) })).body).toEqual(
      invalid,
    );
    for (const n of ['abc', '0', '-1', '99999999999', `${project.number}.0`]) {
      expect((await post(client, n, eventEnvelope(), { headers: auth(key) })).body, n).toEqual(invalid);
    }
    const second = (await client.post(`/api/v1/projects/${project.id}/keys`, { label: 'Second' })).body.data;
    expect((await post(client, project.number, eventEnvelope(), { headers: auth(second.publicKey) })).status).toBe(200);
    await client.delete(`/api/v1/projects/${project.id}/keys/${second.id}`);
    expect(
      (
        await post(client, project.number, eventEnvelope({ event_id: 'a'.repeat(32) }), {
          headers: auth(second.publicKey),
        })
      ).body,
    ).toEqual(invalid);
    await client.patch(`/api/v1/projects/${project.id}/keys/${project.keys[0].id}`, { enabled: false });
    expect(
      (await post(client, project.number, eventEnvelope({ event_id: 'b'.repeat(32) }), { headers: auth(key) })).body,
    ).toEqual(invalid);
    expect(await countEvents(project.id)).toBe(1);
  });

  it('cross-tenant: a key of project A on project B’s number (header, query or envelope dsn) → 401 and nothing stored anywhere', async () => {
    const a = await setup();
    const b = await setup();
    const attempts: [string | Uint8Array, Send][] = [
      [eventEnvelope(), { headers: auth(a.key) }],
      [eventEnvelope(), { query: { sentry_key: a.key } }],
      [eventEnvelope({}, { dsn: a.dsn }), {}],
      [JSON.stringify(sentryEvent()), { headers: auth(a.key), endpoint: 'store' }],
    ];
    for (const [body, opts] of attempts) {
      const res = await post(b.client, b.project.number, body, opts);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, status: 'failed', message: 'Invalid ingest key for this project' });
    }
    expect(await countEvents(a.project.id)).toBe(0);
    expect(await countEvents(b.project.id)).toBe(0);
    expect(await db.issue.count({ where: { projectId: { in: [a.project.id, b.project.id] } } })).toBe(0);
  });
});

describe('Sentry envelope endpoint: bodies and CORS', () => {
  it('OPTIONS preflight allows any origin and the headers the browser SDK sends; answers expose the rate-limit headers', async () => {
    const { client, project, key } = await setup();
    const res = await client.request('OPTIONS', `/api/${project.number}/envelope/`, {
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-sentry-auth', 'sentry-trace', 'baggage']));
    const ok = await post(client, project.number, eventEnvelope(), { headers: auth(key) });
    expect(ok.headers.get('access-control-expose-headers')).toBe('X-Sentry-Rate-Limits, Retry-After');
  });

  it.each([
    ['text/plain', (s: string) => s, {}],
    ['application/x-sentry-envelope', (s: string) => s, { 'content-type': 'application/x-sentry-envelope' }],
    ['gzip', (s: string) => new Uint8Array(gzipSync(s)), { 'content-encoding': 'gzip' }],
    ['deflate', (s: string) => new Uint8Array(deflateSync(s)), { 'content-encoding': 'deflate' }],
  ])('%s body → 200', async (_name, encode, headers) => {
    const { client, project, key } = await setup();
    const res = await post(client, project.number, encode(eventEnvelope()), { headers: { ...auth(key), ...headers } });
    expect(res.status).toBe(200);
    expect(await countEvents(project.id)).toBe(1);
  });

  it('413 above 1 MiB, raw or once decompressed; 415 for an unknown encoding; nothing stored', async () => {
    const { client, project, key } = await setup();
    const big = eventEnvelope({ extra: { blob: 'x'.repeat(1024 * 1024) } });
    const tooLarge = { statusCode: 413, status: 'failed', message: 'Request body too large (limit 1 MiB)' };
    expect((await post(client, project.number, big, { headers: auth(key) })).body).toEqual(tooLarge);
    const bomb = new Uint8Array(gzipSync(big));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await post(client, project.number, bomb, { headers: { ...auth(key), 'content-encoding': 'gzip' } });
    expect([res.status, res.body]).toEqual([413, tooLarge]);
    const unknown = await post(client, project.number, eventEnvelope(), {
      headers: { ...auth(key), 'content-encoding': 'compress' },
    });
    expect([unknown.status, unknown.body.message]).toEqual([
      415,
      'Unsupported Content-Encoding (use gzip, deflate, br or zstd)',
    ]);
    expect(await countEvents(project.id)).toBe(0);
  });
});

describe('Sentry envelope endpoint: items', () => {
  it('a repeated event_id is answered 200 and stored once; sessions and client reports alone are accepted and store nothing', async () => {
    const { client, project, key } = await setup();
    for (let i = 0; i < 2; i++)
      expect((await post(client, project.number, eventEnvelope(), { headers: auth(key) })).status).toBe(200);
    expect(await countEvents(project.id)).toBe(1);
    const sessions = envelope({ sent_at: '2024-01-01T00:00:00.000Z' }, [
      { header: { type: 'session' }, payload: { sid: 'abc', status: 'ok' } },
      { header: { type: 'client_report' }, payload: { discarded_events: [] } },
    ]);
    const res = await post(client, project.number, sessions, { headers: auth(key) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await countEvents(project.id)).toBe(1);
  });

  it('transaction items (measurements) and span v2 segments (web-vital attributes) reach the performance endpoints', async () => {
    const { client, project, key } = await setup();
    const now = Math.floor(Date.now() / 1000);
    const tx = envelope({ event_id: EVENT_ID }, [
      {
        header: { type: 'transaction' },
        payload: {
          type: 'transaction',
          transaction: '/cart',
          start_timestamp: now - 2,
          timestamp: now - 1.5,
          contexts: { trace: { status: 'ok' } },
          measurements: { lcp: { value: 3000 }, cls: { value: 0.3 }, fcp: { value: 1000 }, ttfb: { value: 100 } },
        },
      },
    ]);
    expect((await post(client, project.number, tx, { headers: auth(key) })).status).toBe(200);
    const value = (v: number) => ({ type: 'double', value: v });
    const spans = envelope({}, [
      {
        header: { type: 'span', item_count: 2, content_type: 'application/vnd.sentry.items.span.v2+json' },
        payload: {
          version: 2,
          items: [
            {
              trace_id: 't1',
              span_id: 'l',
              name: 'lcp',
              start_timestamp: now - 1,
              end_timestamp: now - 1,
              status: 'ok',
              is_segment: false,
              attributes: { 'browser.web_vital.lcp.value': value(1000) },
            },
            {
              trace_id: 't1',
              span_id: 's',
              name: '/cart',
              start_timestamp: now - 1,
              end_timestamp: now - 0.75,
              status: 'ok',
              is_segment: true,
              attributes: { 'browser.web_vital.ttfb.value': value(300) },
            },
          ],
        },
      },
    ]);
    expect((await post(client, project.number, spans, { headers: auth(key) })).status).toBe(200);
    const groups = await client.get(`/api/v1/projects/${project.id}/performance/transactions`);
    expect(groups.body.data.map((g: { name: string; count: number; p50: number }) => [g.name, g.count, g.p50])).toEqual(
      [['/cart', 2, 375]],
    );
    const vitals = await client.get(`/api/v1/projects/${project.id}/performance/vitals`);
    expect(vitals.body.data.sampleCount).toBe(2);
    expect(vitals.body.data.vitals.lcp).toMatchObject({ p75: 2500, samples: 2 });
    expect(vitals.body.data.vitals.ttfb).toMatchObject({ p75: 250, samples: 2 });
    expect(vitals.body.data.vitals.cls).toMatchObject({ p75: 0.3, samples: 1 });
    expect(await countEvents(project.id)).toBe(0);
  });

  it('/store/ takes one bare event (error or transaction) and answers its id', async () => {
    const { client, project, key } = await setup();
    const res = await post(
      client,
      project.number,
      JSON.stringify(sentryEvent({ message: 'ignored beside the exception' })),
      { headers: auth(key), endpoint: 'store' },
    );
    expect([res.status, res.body]).toEqual([200, { id: EVENT_ID }]);
    const now = Math.floor(Date.now() / 1000);
    const tx = {
      type: 'transaction',
      transaction: 'cron',
      start_timestamp: now - 1,
      timestamp: now,
      event_id: 'b'.repeat(32),
    };
    expect(
      (await post(client, project.number, JSON.stringify(tx), { query: { sentry_key: key }, endpoint: 'store' })).body,
    ).toEqual({ id: 'b'.repeat(32) });
    expect(await countEvents(project.id)).toBe(1);
    expect(await db.transaction.count({ where: { projectId: project.id } })).toBe(1);
  });

  it.each([
    ['a header line that is not JSON', 'nope\n{"type":"event"}\n{}\n', ['header']],
    ['an item header that is not JSON', '{}\n{type:event}\n{}\n', ['items', 0, 'header']],
    ['a length beyond the body', '{}\n{"type":"event","length":999}\n{}\n', ['items', 0, 'header', 'length']],
    ['an event payload that is not JSON', '{}\n{"type":"event"}\n{"exception":\n', ['items', 0]],
    [
      'a timestamp in milliseconds (read as seconds: beyond year 9999)',
      eventEnvelope({ timestamp: 1_700_000_000_000 }),
      ['items', 0, 'timestamp'],
    ],
    ['an unknown level', eventEnvelope({ level: 'shouting' }), ['items', 0, 'level']],
    [
      'a transaction without start_timestamp',
      envelope({}, [{ header: { type: 'transaction' }, payload: { transaction: '/x', timestamp: T } }]),
      ['items', 0, 'duration'],
    ],
    [
      'a span item of unknown shape',
      envelope({}, [{ header: { type: 'span' }, payload: { spans: [] } }]),
      ['items', 0],
    ],
  ])('400 with a path for %s, nothing stored', async (_name, body, path) => {
    const { client, project, key } = await setup();
    const res = await post(client, project.number, body, { headers: auth(key) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation(path));
    expect(await countEvents(project.id)).toBe(0);
  });

  it('property: random and mutated bodies through the route never answer 5xx', async () => {
    const { client, project, key } = await setup();
    const valid = eventEnvelope();
    const bodies = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 10 })).map(([at, cut, ins]) => {
        const i = at % valid.length;
        return valid.slice(0, i) + ins + valid.slice(i + (cut % 30));
      }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await post(client, project.number, body, { headers: auth(key) });
        expect(res.status).toBeLessThan(500);
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });
});

describe('Sentry envelope endpoint: 429 the Sentry way', () => {
  it('rate limit → 429 with Retry-After and X-Sentry-Rate-Limits for the key (all categories)', async () => {
    const { client, project, key } = await setup();
    // One token per 10 s: the drained bucket cannot refill during the test, and the advice is 10 s.
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '0.1';
    while (await reserveIngestTokens(key));
    const res = await post(client, project.number, eventEnvelope(), { headers: auth(key) });
    expect([res.status, res.body]).toEqual([
      429,
      { statusCode: 429, status: 'failed', message: 'Rate limit exceeded' },
    ]);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(res.headers.get('x-sentry-rate-limits')).toBe('10::key');
    expect(await countEvents(project.id)).toBe(0);
  });

  it('monthly quota exhausted → 429 with Retry-After 60 and X-Sentry-Rate-Limits for errors and transactions', async () => {
    const { client, project, key, orgId } = await setup();
    const limit = monthlyEventLimit('FREE');
    await db.monthlyUsage.create({ data: { orgId, month: monthOf(clock.now()), used: limit, errors: limit } });
    const res = await post(client, project.number, eventEnvelope(), { headers: auth(key) });
    expect([res.status, res.body]).toEqual([
      429,
      { statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' },
    ]);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('x-sentry-rate-limits')).toBe(
      '60:error;default;security;transaction;span:organization:usage_exceeded',
    );
    const sessions = envelope({}, [{ header: { type: 'session' }, payload: { sid: 's' } }]);
    expect((await post(client, project.number, sessions, { headers: auth(key) })).status).toBe(200);
    expect(await countEvents(project.id)).toBe(0);
  });
});

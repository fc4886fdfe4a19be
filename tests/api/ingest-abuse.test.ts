// Security issue #15 (parts owned by #16): writes are counted against the caller, far-future timestamps are
// clamped, and deep nesting anywhere in a Sentry event is a clear 400, never a 5xx.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { errorEnvelope, send, transactionEnvelope } from './ingest-helpers';

const T = 1_700_000_000;
const FAR_FUTURE_MS = Date.UTC(9999, 11, 31);
const rateLimited = { statusCode: 429, status: 'failed', message: 'Rate limit exceeded' };

afterEach(() => {
  clock.reset();
  delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
});

async function setup() {
  const s = await signUp();
  const p = await createProject(s.client);
  return { client: s.client, project: p, key: p.keys[0].publicKey };
}

function envelope(header: object, items: { header: Record<string, unknown>; payload: unknown }[]): string {
  const lines = [JSON.stringify(header)];
  for (const i of items)
    lines.push(JSON.stringify(i.header), typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload));
  return `${lines.join('\n')}\n`;
}
const post = (
  client: TestClient,
  number: number,
  body: string,
  endpoint: 'envelope' | 'store' = 'envelope',
  key?: string,
) =>
  client.post(`/api/${number}/${endpoint}/`, body, {
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    query: key ? { sentry_key: key } : undefined,
  });

const segments = (n: number) => ({
  version: 2,
  items: Array.from({ length: n }, (_, i) => ({
    trace_id: 'c'.repeat(32),
    span_id: i.toString(16).padStart(16, '0'),
    name: `GET /r/${i % 7}`,
    start_timestamp: T,
    end_timestamp: T + 0.01,
    status: 'ok',
    is_segment: true,
    attributes: {},
  })),
});
const spanEnvelope = (n: number) => envelope({}, [{ header: { type: 'span', item_count: n }, payload: segments(n) }]);
const countTx = (projectId: string) => db.transaction.count({ where: { projectId } });

describe('#15a: every stored row of a Sentry envelope takes a rate-limit token', () => {
  it('one envelope of 5,000 segment spans is refused 429 (Sentry headers) and stores nothing when the bucket holds fewer tokens', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1'; // burst 10
    const { client, project, key } = await setup();
    const res = await post(client, project.number, spanEnvelope(5000), 'envelope', key);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(rateLimited);
    expect(res.headers.get('x-sentry-rate-limits')).toBe('1::key');
    expect(await countTx(project.id)).toBe(0);
  });

  it('envelopes within the bucket are stored; the tokens they took are gone for the next one', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    const { client, project, key } = await setup();
    const first = await post(client, project.number, spanEnvelope(6), 'envelope', key);
    expect([first.status, first.body]).toEqual([200, { id: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(await countTx(project.id)).toBe(6);
    // 10 − 6 = 4 tokens (plus a refill of well under one per second of test time): 6 more do not fit.
    const second = await post(client, project.number, spanEnvelope(6), 'envelope', key);
    expect([second.status, second.body]).toEqual([429, rateLimited]);
    expect(await countTx(project.id)).toBe(6);
  });
});

describe('#15b: timestamps far in the future are clamped to the receipt time', () => {
  it('native error and transaction envelopes dated 9999-12-31 → 200, stored at receipt time', async () => {
    const { client, project, key } = await setup();
    const now = new Date('2026-03-01T12:00:00.000Z');
    clock.set(now);
    expect(
      (await send({ client, projectId: project.id, key, body: errorEnvelope({ timestamp: FAR_FUTURE_MS }) })).status,
    ).toBe(200);
    expect(
      (await send({ client, projectId: project.id, key, body: transactionEnvelope({ timestamp: FAR_FUTURE_MS }) }))
        .status,
    ).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId: project.id } });
    expect(ev.timestamp.toISOString()).toBe(now.toISOString());
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });
    expect(issue.lastSeen.toISOString()).toBe(now.toISOString());
    const tx = await db.transaction.findFirstOrThrow({ where: { projectId: project.id } });
    expect(tx.timestamp.toISOString()).toBe(now.toISOString());
  });

  it('a timestamp within a minute ahead (clock skew) is kept; the lower bound still answers 400', async () => {
    const { client, project, key } = await setup();
    const now = new Date('2026-03-01T12:00:00.000Z');
    clock.set(now);
    expect(
      (await send({ client, projectId: project.id, key, body: errorEnvelope({ timestamp: now.getTime() + 30_000 }) }))
        .status,
    ).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId: project.id } });
    expect(ev.timestamp.getTime()).toBe(now.getTime() + 30_000);
    const low = await send({
      client,
      projectId: project.id,
      key,
      body: errorEnvelope({ timestamp: 1_577_836_799_999 }),
    });
    expect(low.status).toBe(400);
    expect(low.body.error[0].path).toEqual(['timestamp']);
  });

  it('Sentry event and transaction dated 9999-12-31 (seconds and RFC 3339) → stored at receipt time', async () => {
    const { client, project, key } = await setup();
    const now = new Date('2026-03-01T12:00:00.000Z');
    clock.set(now);
    const event = {
      event_id: 'a'.repeat(32),
      timestamp: '9999-12-31T00:00:00Z',
      exception: { values: [{ type: 'E', value: 'v' }] },
    };
    expect((await post(client, project.number, JSON.stringify(event), 'store', key)).status).toBe(200);
    const tx = {
      type: 'transaction',
      transaction: '/future',
      start_timestamp: FAR_FUTURE_MS / 1000 - 1,
      timestamp: FAR_FUTURE_MS / 1000,
    };
    expect(
      (
        await post(
          client,
          project.number,
          envelope({}, [{ header: { type: 'transaction' }, payload: tx }]),
          'envelope',
          key,
        )
      ).status,
    ).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId: project.id } });
    expect(ev.timestamp.toISOString()).toBe(now.toISOString());
    const stored = await db.transaction.findFirstOrThrow({ where: { projectId: project.id } });
    expect([stored.timestamp.toISOString(), stored.duration]).toEqual([now.toISOString(), 1000]);
  });
});

/** `{"a":{"a":…}}` nested `depth` levels, built as text (JSON.stringify of such a value would itself recurse). */
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('#15c: deep nesting in a Sentry event → 400 with the field, never a 5xx', () => {
  it.each([
    ['tags', (d: number) => `{"tags":{"k":${nestedObject(d)}},"message":"m"}`, ['tags']],
    ['tags as pairs', (d: number) => `{"tags":[["k",${nestedArray(d)}]],"message":"m"}`, ['tags']],
    ['extra', (d: number) => `{"extra":{"k":${nestedObject(d)}},"message":"m"}`, ['extra']],
    ['contexts', (d: number) => `{"contexts":{"runtime":${nestedObject(d)}},"message":"m"}`, ['contexts']],
    ['breadcrumb data', (d: number) => `{"breadcrumbs":[{"data":${nestedObject(d)}}],"message":"m"}`, ['breadcrumbs']],
    ['user', (d: number) => `{"user":{"id":${nestedArray(d)}},"message":"m"}`, ['user']],
    ['exception', (d: number) => `{"exception":{"values":[{"type":"E","value":${nestedArray(d)}}]}}`, ['exception']],
    ['an unknown field', (d: number) => `{"whatever":${nestedArray(d)},"message":"m"}`, ['whatever']],
  ])('%s nested 10,000 and 100,000 deep, /store/ and /envelope/', async (_name, make, path) => {
    const { client, project, key } = await setup();
    for (const depth of [10_000, 100_000]) {
      const body = make(depth);
      const store = await post(client, project.number, body, 'store', key);
      expect([store.status, store.body]).toEqual([
        400,
        {
          statusCode: 400,
          status: 'failed',
          message: 'Validation error',
          error: [{ path, message: 'Nested more than 32 levels deep' }],
        },
      ]);
      const env = await post(client, project.number, `{}\n{"type":"event"}\n${body}\n`, 'envelope', key);
      expect([env.status, env.body.error]).toEqual([
        400,
        [{ path: ['items', 0, ...path], message: 'Nested more than 32 levels deep' }],
      ]);
    }
    expect(await db.event.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('a native envelope nested 100,000 deep: tags are refused by their type (400), an unknown key is ignored (200)', async () => {
    const { client, project, key } = await setup();
    const deepTags = JSON.stringify(errorEnvelope()).replace(/}$/, `,"tags":{"k":${nestedObject(100_000)}}}`);
    const res = await send({
      client,
      projectId: project.id,
      key,
      body: deepTags,
      opts: { headers: { 'content-type': 'application/json' } },
    });
    expect([res.status, res.body.error]).toEqual([400, [{ path: ['tags', 'k'], message: expect.any(String) }]]);
    const deepUnknown = JSON.stringify(errorEnvelope()).replace(/}$/, `,"whatever":${nestedArray(100_000)}}`);
    expect(
      (
        await send({
          client,
          projectId: project.id,
          key,
          body: deepUnknown,
          opts: { headers: { 'content-type': 'application/json' } },
        })
      ).status,
    ).toBe(200);
  });
});

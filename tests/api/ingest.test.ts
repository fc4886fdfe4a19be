import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { DELETE, errorEnvelope, ingestPath, mutate, send, transactionEnvelope } from './ingest-helpers';
import {
  ACCEPTED_ERROR_CASES,
  ERROR_BASE,
  ERROR_VALIDATION_CASES,
  MALFORMED_BODY_CASES,
  TRANSACTION_BASE,
  TRANSACTION_VALIDATION_CASES,
  keyCases,
} from './ingest-cases';

const anyMessage = expect.any(String);
const ok = { statusCode: 200, status: 'success', message: 'Event received successfully' };

let client: TestClient;
let projectId: string;
let key: string;

beforeAll(async () => {
  const s = await signUp();
  client = s.client;
  const p = await createProject(client);
  projectId = p.id;
  key = p.keys[0].publicKey;
});

const eventCount = () => db.event.count({ where: { projectId } });
const txCount = () => db.transaction.count({ where: { projectId } });

describe('ingest: error envelope validation (one rule per row)', () => {
  const base = ERROR_BASE;
  const cases = ERROR_VALIDATION_CASES;

  it.each(cases)('%s → 400 at the exact path', async (_name, body, path) => {
    const before = await eventCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await eventCount()).toBe(before);
  });

  it.each(MALFORMED_BODY_CASES)('%s → 400 with path []', async (_name, raw) => {
    const res = await send({ client, projectId, key, body: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: anyMessage }],
    });
  });

  it('reports every invalid field at once', async () => {
    const res = await send({
      client,
      projectId,
      key,
      body: mutate(mutate(base, ['level'], 'loud'), ['tags'], { a: 1 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toEqual([['level'], ['tags', 'a']]);
  });

  it.each(ACCEPTED_ERROR_CASES)('accepts %s', async (_name, body) => {
    const before = await eventCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ok);
    expect(await eventCount()).toBe(before + 1);
  });
});

describe('ingest: transaction envelope validation (one rule per row)', () => {
  const base = TRANSACTION_BASE;
  const cases = TRANSACTION_VALIDATION_CASES;

  it.each(cases)('%s → 400 at the exact path', async (_name, body, path) => {
    const before = await txCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(await txCount()).toBe(before);
  });

  it('stores a valid transaction with its vitals; status defaults to ok; name of 200 characters and duration 0 are fine', async () => {
    const res = await send({ client, projectId, key, body: base });
    expect(res.body).toEqual(ok);
    const name = 'n'.repeat(200);
    expect((await send({ client, projectId, key, body: transactionEnvelope({ name, duration: 0 }) })).status).toBe(200);
    const rows = await db.transaction.findMany({ where: { projectId }, orderBy: { receivedAt: 'asc' } });
    expect(rows.at(-2)).toMatchObject({
      name: '/checkout',
      duration: 123.4,
      status: 'ok',
      lcp: 1200,
      cls: 0.05,
      fcp: 800,
      ttfb: 120,
    });
    expect(rows.at(-2)!.timestamp.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(rows.at(-1)).toMatchObject({ name, duration: 0, status: 'ok', lcp: null, cls: null });
  });
});

describe('ingest: stored event', () => {
  it('stores every field of the envelope, level upper-case, frames innermost first', async () => {
    const envelope = errorEnvelope({
      level: 'warning',
      environment: 'production',
      release: 'web@1.2.3',
      user: { id: 'u-1', email: 'alice@example.com' },
      tags: { browser: 'chrome' },
      request: { url: 'https://app.example.com/cart', method: 'GET', headers: { Accept: 'text/html' } },
      contexts: { browser: { name: 'Chrome', version: '120' }, os: { name: 'macOS', version: '14' } },
      breadcrumbs: [{ type: 'click', message: 'button#buy', timestamp: 1_699_999_999_000, data: { x: 1 } }],
      event_id: 'ABCDEF0123456789abcdef01234567aa',
    });
    const res = await send({ client, projectId, key, body: envelope });
    expect(res.body).toEqual(ok);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'abcdef0123456789abcdef01234567aa' } });
    expect(ev).toMatchObject({
      level: 'WARNING',
      message: envelope.exception.value,
      stacktrace: { frames: envelope.exception.stacktrace.frames },
      contexts: envelope.contexts,
      tags: envelope.tags,
      userContext: envelope.user,
      request: envelope.request,
      breadcrumbs: envelope.breadcrumbs,
      environment: 'production',
      release: 'web@1.2.3',
    });
    expect(ev.timestamp.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(Math.abs(ev.receivedAt.getTime() - Date.now())).toBeLessThan(10_000);
    const issue = await db.issue.findUniqueOrThrow({ where: { id: ev.issueId } });
    expect(issue).toMatchObject({
      projectId,
      status: 'UNRESOLVED',
      level: 'WARNING',
      title: `TypeError: ${envelope.exception.value}`,
    });
  });

  it('uses the receipt time when the envelope has no timestamp; nulls for absent optional fields', async () => {
    const t0 = Date.now();
    const res = await send({
      client,
      projectId,
      key,
      body: mutate(errorEnvelope({ event_id: 'f'.repeat(32) }), ['timestamp'], DELETE),
    });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'f'.repeat(32) } });
    expect(ev.timestamp.getTime()).toBe(ev.receivedAt.getTime());
    expect(ev.timestamp.getTime()).toBeGreaterThanOrEqual(t0 - 1);
    expect(ev).toMatchObject({
      level: 'ERROR',
      contexts: null,
      tags: null,
      userContext: null,
      request: null,
      breadcrumbs: null,
      environment: null,
      release: null,
    });
  });

  it('replaces NUL characters and unpaired surrogates instead of failing', async () => {
    const raw = JSON.stringify(errorEnvelope({ event_id: 'e'.repeat(32), tags: { 'k\u0000': 'v\ud800' } })).replace(
      'Cannot',
      'Can\\u0000not',
    );
    const res = await send({ client, projectId, key, body: raw });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'e'.repeat(32) } });
    expect(ev.message.startsWith('Can\uFFFDnot')).toBe(true);
    expect(ev.tags).toEqual({ 'k\uFFFD': 'v\uFFFD' });
  });
});

describe('ingest: authentication', () => {
  it('accepts the key in X-Ingest-Auth or in ?ingest_key=', async () => {
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(200);
    expect(
      (await send({ client, projectId, key: null, body: errorEnvelope(), opts: { query: { ingest_key: key } } }))
        .status,
    ).toBe(200);
  });

  it('401: no key, wrong key, another project’s key, disabled key, deleted key, session cookie only', async () => {
    const other = await signUp();
    const otherProject = await createProject(other.client);
    const { orgId } = await signUp().then(async (s) => {
      await setPlan(s.orgId, 'PRO');
      return s;
    });
    expect(orgId).toBeTruthy();
    const extra = await client.post(`/api/v1/projects/${projectId}/keys`, { label: 'CI' });
    expect(extra.status).toBe(201);
    const disabledKey = extra.body.data;
    const extra2 = await client.post(`/api/v1/projects/${projectId}/keys`, { label: 'Old' });
    const deletedKey = extra2.body.data;
    // Warm the cache with both keys first, so the test also shows that disabling/deleting invalidates it.
    expect((await send({ client, projectId, key: disabledKey.publicKey, body: errorEnvelope() })).status).toBe(200);
    expect((await send({ client, projectId, key: deletedKey.publicKey, body: errorEnvelope() })).status).toBe(200);
    expect(
      (await client.patch(`/api/v1/projects/${projectId}/keys/${disabledKey.id}`, { enabled: false })).status,
    ).toBe(200);
    expect((await client.delete(`/api/v1/projects/${projectId}/keys/${deletedKey.id}`)).status).toBe(200);

    const anonymous = new TestClient();
    const cases = keyCases({
      anonymous,
      withSessionOnly: client,
      projectId,
      key,
      otherProjectId: otherProject.id,
      otherProjectKey: otherProject.keys[0].publicKey,
      disabledKey: disabledKey.publicKey,
      deletedKey: deletedKey.publicKey,
    });
    const before = await db.event.count();
    for (const [name, call, prefix] of cases) {
      const res = await call();
      expect(res.status, name).toBe(401);
      expect(res.body.statusCode, name).toBe(401);
      expect(res.body.status, name).toBe('failed');
      expect(res.body.message.startsWith(prefix), name).toBe(true);
      expect(res.body.error, name).toBeUndefined();
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*');
    }
    expect(await db.event.count()).toBe(before);
  });

  it('checks the key before validation: an invalid body without a key is 401, not 400', async () => {
    const res = await send({ client: new TestClient(), projectId, key: null, body: '{not json' });
    expect(res.status).toBe(401);
  });

  it('a deleted project’s key stops working at once', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    expect(
      (await send({ client: s.client, projectId: p.id, key: p.keys[0].publicKey, body: errorEnvelope() })).status,
    ).toBe(200);
    expect((await s.client.delete(`/api/v1/projects/${p.id}`)).status).toBe(200);
    expect(
      (await send({ client: s.client, projectId: p.id, key: p.keys[0].publicKey, body: errorEnvelope() })).status,
    ).toBe(401);
  });
});

describe('ingest: CORS, size and encoding', () => {
  it('answers the preflight with 204 and the CORS headers', async () => {
    const res = await client.request('OPTIONS', ingestPath(projectId), {
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

  it('every POST answer carries Access-Control-Allow-Origin: *', async () => {
    for (const res of [
      await send({
        client,
        projectId,
        key,
        body: errorEnvelope(),
        opts: { headers: { origin: 'https://shop.example.org' } },
      }),
      await send({ client, projectId, key, body: {}, opts: { headers: { origin: 'https://shop.example.org' } } }),
      await send({ client, projectId, key: 'nope', body: errorEnvelope() }),
    ]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('413 above 1 MiB, plain and after gzip inflation; a gzip body within the limit is accepted', async () => {
    const big = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024) }));
    const plain = await send({ client, projectId, key, body: big });
    expect(plain.status).toBe(413);
    expect(plain.body).toEqual({ statusCode: 413, status: 'failed', message: expect.stringMatching(/too large/) });
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');

    const bomb = await send({ client, projectId, key, body: big, opts: { gzip: true } });
    expect(gzipSync(big).length).toBeLessThan(1024 * 1024);
    expect(bomb.status).toBe(413);

    const justUnder = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024 - 1000) }));
    expect(Buffer.byteLength(justUnder)).toBeLessThanOrEqual(1024 * 1024);
    expect((await send({ client, projectId, key, body: justUnder })).status).toBe(200);

    const before = await eventCount();
    const gz = await send({
      client,
      projectId,
      key,
      body: errorEnvelope({ event_id: '1'.repeat(32) }),
      opts: { gzip: true },
    });
    expect(gz.body).toEqual(ok);
    expect(await eventCount()).toBe(before + 1);
  });

  it('413 while streaming when Content-Length is absent', async () => {
    const { POST } = await import('@/app/api/v1/ingest/[projectId]/envelope/route');
    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent++ < 8) ctrl.enqueue(chunk);
        else ctrl.close();
      },
    });
    const req = new Request(`http://localhost${ingestPath(projectId)}`, {
      method: 'POST',
      headers: { 'x-ingest-auth': `ingest_key=${key}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const res = await POST(req, { params: Promise.resolve({ projectId }) });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(8);
  });

  it('deflate is accepted; a corrupt gzip body is 400; an unknown encoding is 415', async () => {
    const { deflateSync } = await import('node:zlib');
    const deflated = await client.post(
      ingestPath(projectId),
      new Uint8Array(deflateSync(JSON.stringify(errorEnvelope()))),
      {
        headers: { 'x-ingest-auth': `ingest_key=${key}`, 'content-encoding': 'deflate' },
      },
    );
    expect(deflated.status).toBe(200);
    const corrupt = await client.post(ingestPath(projectId), 'not gzip at all', {
      headers: { 'x-ingest-auth': `ingest_key=${key}`, 'content-encoding': 'gzip' },
    });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.error).toEqual([{ path: [], message: anyMessage }]);
    const unknown = await client.post(ingestPath(projectId), 'x', {
      headers: { 'x-ingest-auth': `ingest_key=${key}`, 'content-encoding': 'compress' },
    });
    expect([unknown.status, unknown.body.message]).toEqual([
      415,
      'Unsupported Content-Encoding (use gzip, deflate, br or zstd)',
    ]);
  });
});

describe('ingest: rate limit', () => {
  it('a key gets a burst of 10× the per-second rate, then 429 Rate limit exceeded; other keys are unaffected', async () => {
    const previous = process.env.INGEST_RATE_LIMIT_PER_SECOND;
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '2';
    try {
      const s = await signUp();
      const p = await createProject(s.client);
      const k = p.keys[0].publicKey;
      const statuses = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (
            await send({
              client: s.client,
              projectId: p.id,
              key: k,
              body: i % 2 ? errorEnvelope() : transactionEnvelope(),
            })
          ).status,
        );
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses.slice(20)).toEqual([429, 429]);
      const limited = await send({ client: s.client, projectId: p.id, key: k, body: errorEnvelope() });
      expect(limited.body).toEqual({ statusCode: 429, status: 'failed', message: 'Rate limit exceeded' });
      // Rate limit comes before validation.
      expect((await send({ client: s.client, projectId: p.id, key: k, body: {} })).status).toBe(429);
      // A wrong key is still 401 (key check first).
      expect(
        (await send({ client: s.client, projectId: p.id, key: 'f'.repeat(32), body: errorEnvelope() })).status,
      ).toBe(401);
      expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      expect((await send({ client: s.client, projectId: p.id, key: k, body: errorEnvelope() })).status).toBe(200);
      expect(await db.event.count({ where: { projectId: p.id } })).toBe(11);
    } finally {
      if (previous === undefined) delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
      else process.env.INGEST_RATE_LIMIT_PER_SECOND = previous;
    }
  });
});

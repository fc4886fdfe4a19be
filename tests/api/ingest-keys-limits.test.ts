// Native ingest (#1): the key (header or query, every refusal 401), CORS, the size cap, content encodings and the
// per-key rate limit.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { errorEnvelope, ingestPath, send, transactionEnvelope } from './ingest-helpers';
import { anyMessage, client, eventCount, key, ok, projectId, useIngestProject } from '../support/ingest-project';
import { keyCases } from './ingest-cases';

useIngestProject();

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

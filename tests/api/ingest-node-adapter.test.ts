// The node:http ingest adapter (what `npm start` serves) over real HTTP on loopback: its routing, and the case tables
// the App Router route's tests use (ingest.test.ts, ingest-keys-limits.test.ts, ingest-quota.test.ts) for validation
// and keys.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { ingestProjectId, otlpTarget, sentryTarget } from '@/lib/ingest/protocols/node-adapter';
import { errorEnvelope, ingestPath, send } from './ingest-helpers';
import { anyMessage, client as owner, eventCount, key, ok, projectId, txCount } from '../support/ingest-project';
import { http1, useNodeAdapter } from '../support/node-adapter';
import {
  ACCEPTED_ERROR_CASES,
  ERROR_VALIDATION_CASES,
  keyCases,
  MALFORMED_BODY_CASES,
  TRANSACTION_VALIDATION_CASES,
} from './ingest-cases';

useNodeAdapter();

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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { closePool } from '@/lib/pg';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { getBoss } from '@/lib/jobs/boss';
import packageJson from '@/package.json';

const suiteUrl = process.env.DATABASE_URL!;

afterAll(async () => {
  await closePool();
  process.env.DATABASE_URL = suiteUrl;
});

const TOKEN = 'health-token-for-tests';
const withToken = { headers: { authorization: `Bearer ${TOKEN}` } };

describe('GET /api/health', () => {
  beforeAll(() => {
    process.env.HEALTH_TOKEN = TOKEN;
  });
  afterAll(() => {
    delete process.env.HEALTH_TOKEN;
  });

  it('without the health token: status and timing only', async () => {
    const res = await new TestClient().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'Healthy',
      data: { ok: true, database: { ok: true, latencyMs: expect.any(Number) }, version: packageJson.version },
    });
  });

  it("names the running version, package.json's, a semantic version (#50)", async () => {
    const res = await new TestClient().get('/api/health');
    expect(res.body.data.version).toBe(packageJson.version);
    expect(res.body.data.version).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
  });

  it.each([
    ['a wrong bearer token', { authorization: 'Bearer nope' }],
    ['a wrong X-Health-Token', { 'x-health-token': 'nope' }],
    ['a token of another length', { 'x-health-token': `${TOKEN}x` }],
  ])('with %s: the public answer', async (_label, headers) => {
    const res = await new TestClient().get('/api/health', { headers });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.database).sort()).toEqual(['latencyMs', 'ok']);
    expect(res.body.data.queue).toBeUndefined();
  });

  it('200 with database and job-queue status for the health token', async () => {
    await getBoss();
    const res = await new TestClient().get('/api/health', withToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      statusCode: 200,
      status: 'success',
      message: 'Healthy',
      data: { ok: true, database: { ok: true }, queue: { ok: true } },
    });
    expect(typeof res.body.data.database.latencyMs).toBe('number');
    expect(typeof res.body.data.queue.backlog).toBe('number');
  });

  it('503 once the database server is stopped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-health-'));
    fs.chmodSync(dir, 0o755);
    const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'health', persistent: false });
    try {
      await closePool();
      process.env.DATABASE_URL = db.url;
      const up = await new TestClient().get('/api/health', withToken);
      expect(up.status).toBe(200);
      expect(up.body.data.database.ok).toBe(true);
      await db.stop();
      const down = await new TestClient().get('/api/health', withToken);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        statusCode: 503,
        status: 'failed',
        message: 'Database unreachable',
        data: { ok: false, database: { ok: false } },
      });
      expect(down.body.data.database.error).toEqual(expect.any(String));
      // Without the token the database's error text is not shown to anyone.
      const anonymous = await new TestClient().get('/api/health');
      expect(anonymous.status).toBe(503);
      expect(anonymous.body).toEqual({
        statusCode: 503,
        status: 'failed',
        message: 'Database unreachable',
        data: { ok: false, database: { ok: false }, version: packageJson.version },
      });
    } finally {
      await closePool();
      process.env.DATABASE_URL = suiteUrl;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

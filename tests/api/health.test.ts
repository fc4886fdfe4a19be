import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { closePool } from '@/lib/pg';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { getBoss } from '@/lib/jobs/boss';

const suiteUrl = process.env.DATABASE_URL!;

afterAll(async () => {
  await closePool();
  process.env.DATABASE_URL = suiteUrl;
});

describe('GET /api/health', () => {
  it('200 with database and job-queue status', async () => {
    await getBoss();
    const res = await new TestClient().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Healthy', data: { ok: true, database: { ok: true }, queue: { ok: true } } });
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
      const up = await new TestClient().get('/api/health');
      expect(up.status).toBe(200);
      expect(up.body.data.database.ok).toBe(true);
      await db.stop();
      const down = await new TestClient().get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ statusCode: 503, status: 'failed', message: 'Database unreachable', data: { ok: false, database: { ok: false } } });
      expect(down.body.data.database.error).toEqual(expect.any(String));
    } finally {
      await closePool();
      process.env.DATABASE_URL = suiteUrl;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

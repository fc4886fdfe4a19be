import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, pool } from '@/lib/pg';
import { getBoss, stopJobs } from '@/lib/jobs/boss';
import { closeReplica, probeReplica } from '@/lib/replica';
import { startPgBouncer } from '../support/pgbouncer';
import { signUp } from '../support/accounts';
import { errorEnvelope, send } from './ingest-helpers';
import type { TestClient } from '../support/client';

// DATABASE_URL through PgBouncer in transaction mode (two server connections shared by the pool's ten), with
// DATABASE_DIRECT_URL set: the ingest hot path, the outcome counts, the stats read and the job queue all work.
// With named statements the same traffic fails ("prepared statement … does not exist / already exists").

const suiteUrl = process.env.DATABASE_URL!;
let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
let client: TestClient;
let projectId: string;
let key: string;

beforeAll(async () => {
  bouncer = await startPgBouncer(suiteUrl);
  await closePool();
  process.env.DATABASE_URL = bouncer.url;
  process.env.DATABASE_DIRECT_URL = suiteUrl;
  process.env.PG_POOL_MAX = '10';
  ({ client } = await signUp());
  const p = await client.post('/api/v1/projects', { name: 'Pooled' });
  projectId = p.body.data.id;
  key = p.body.data.keys[0].publicKey;
});

afterAll(async () => {
  await stopJobs();
  await closePool();
  await bouncer?.stop();
  process.env.DATABASE_URL = suiteUrl;
  delete process.env.DATABASE_DIRECT_URL;
  delete process.env.PG_POOL_MAX;
});

describe('behind PgBouncer in transaction mode', () => {
  it('the connection really is pooled: one client connection sees different server backends', async () => {
    // PgBouncer has two server connections. A transaction held open on another client keeps one of them, so the
    // client's next query runs on the other; holding that one instead sends it back to the first. Held transactions
    // rather than timing: a job's query between them (pg-boss polls on connections of its own) only makes one wait.
    const c = await pool().connect();
    const holders: PoolClient[] = [];
    const pidOf = async (q: PoolClient): Promise<number> =>
      (await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const hold = async () => {
      const h = await pool().connect();
      holders.push(h);
      await h.query('BEGIN');
      return pidOf(h);
    };
    try {
      const first = await hold();
      const seenWhileFirstHeld = await pidOf(c);
      const second = await hold();
      await holders[0].query('COMMIT');
      const seenWhileSecondHeld = await pidOf(c);
      expect(seenWhileFirstHeld).not.toBe(first);
      expect(second).toBe(seenWhileFirstHeld);
      expect(seenWhileSecondHeld).toBe(first);
      expect(new Set([seenWhileFirstHeld, seenWhileSecondHeld]).size).toBe(2);
    } finally {
      for (const h of holders) {
        await h.query('ROLLBACK').catch(() => {});
        h.release();
      }
      c.release();
    }
  });

  it('300 concurrent events are each answered 200 and stored, and counted on the stats page', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        send({
          client,
          projectId,
          key,
          body: errorEnvelope({ exception: { ...errorEnvelope().exception, type: `E${i % 7}`, value: `pooled ${i}` } }),
        }),
      ),
    );
    const bad = answers.filter((a) => a.status !== 200);
    expect(bad.slice(0, 3).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE project_id = $1', [
      projectId,
    ]);
    expect(rows[0].n).toBe(300);
    const stats = await client.get(`/api/v1/projects/${projectId}/stats`, { query: { days: 1 } });
    expect(stats.status).toBe(200);
    expect(JSON.stringify(stats.body.data)).toContain('"accepted":300');
  });

  it("the replica's lag probe connects through the pooler (no startup parameter PgBouncer refuses)", async () => {
    // The pooled primary stands in for a replica: the probe gets through and finds it is no standby.
    process.env.DATABASE_REPLICA_URL = bouncer.url;
    try {
      expect(await probeReplica()).toMatchObject({
        usable: false,
        error: 'DATABASE_REPLICA_URL is not a standby in recovery',
      });
    } finally {
      await closeReplica();
      delete process.env.DATABASE_REPLICA_URL;
    }
  });

  it('the job queue starts and runs a job through the pooler', async () => {
    const boss = await getBoss();
    const queue = 'pgbouncer-test';
    await boss.createQueue(queue);
    const id = await boss.send(queue, { hello: 'pooled' });
    let done: unknown;
    await boss.work<{ hello: string }>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      done = job.data;
    });
    for (let i = 0; i < 100 && !done; i++) await new Promise((r) => setTimeout(r, 100));
    expect(done).toEqual({ hello: 'pooled' });
    expect(id).toEqual(expect.any(String));
  });
});

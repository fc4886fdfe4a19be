import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, pool, withPgTransaction } from '@/lib/pg';

// withPgTransaction against the real PostgreSQL: commit, rollback with the error rethrown, and the client always
// back in (or, when even ROLLBACK failed, out of) the pool. A pool of its own, so its counts are this file's alone.

const table = `pg_tx_${crypto.randomBytes(4).toString('hex')}`;
let own: pg.Pool;

beforeAll(async () => {
  own = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  await own.query(`CREATE TABLE ${table} (v int NOT NULL)`);
});

afterAll(async () => {
  await own.query(`DROP TABLE IF EXISTS ${table}`);
  await own.end();
  await closePool();
});

/** The backend's session has ended: its client was closed, not pooled. */
async function waitForGone(pid: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await own.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [
      pid,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`backend ${pid} still connected`);
}

const values = async () => (await own.query<{ v: number }>(`SELECT v FROM ${table} ORDER BY v`)).rows.map((r) => r.v);

describe('withPgTransaction', () => {
  it('commits what fn wrote, returns its result and releases the client', async () => {
    const result = await withPgTransaction(
      async (client) => {
        await client.query(`INSERT INTO ${table} (v) VALUES (1)`);
        // Inside the transaction: another session does not see the row yet.
        expect(await values()).toEqual([]);
        return 'done';
      },
      { pool: own },
    );
    expect(result).toBe('done');
    expect(await values()).toEqual([1]);
    expect(own.totalCount).toBe(own.idleCount);
  });

  it('rolls back everything fn wrote when it throws, rethrows that error and releases the client', async () => {
    const boom = new Error('boom');
    await expect(
      withPgTransaction(
        async (client) => {
          await client.query(`INSERT INTO ${table} (v) VALUES (2)`);
          throw boom;
        },
        { pool: own },
      ),
    ).rejects.toBe(boom);
    expect(await values()).toEqual([1]);
    expect(own.totalCount).toBe(own.idleCount);
  });

  it('rolls back a failed statement, so the client it returns is usable (not left in an aborted transaction)', async () => {
    await expect(
      withPgTransaction(
        async (client) => {
          await client.query(`INSERT INTO ${table} (v) VALUES (3)`);
          await client.query(`INSERT INTO ${table} (v) VALUES (NULL)`);
        },
        { pool: own },
      ),
    ).rejects.toMatchObject({ code: '23502' });
    expect(own.totalCount).toBe(own.idleCount);
    // The pool hands back the client released last: without the ROLLBACK this query would fail with 25P02.
    expect(await values()).toEqual([1]);
  });

  it('destroys the client instead of pooling it when ROLLBACK itself fails (the session died)', async () => {
    let pid = 0;
    await expect(
      withPgTransaction(
        async (client) => {
          pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
          await client.query(`INSERT INTO ${table} (v) VALUES (4)`);
          await own.query('SELECT pg_terminate_backend($1)', [pid]);
          await client.query('SELECT 1');
        },
        { pool: own },
      ),
    ).rejects.toThrow();
    expect(await values()).toEqual([1]);
    // The dead client left the pool instead of being handed out again; the one that ran pg_terminate_backend is idle.
    expect(own.totalCount).toBe(own.idleCount);
    await waitForGone(pid);
    expect(
      await withPgTransaction(async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0].one, {
        pool: own,
      }),
    ).toBe(1);
  });

  it('destroys a live client whose ROLLBACK failed rather than pool a session in an unknown state', async () => {
    let pid = 0;
    const boom = new Error('boom');
    await expect(
      withPgTransaction(
        async (client) => {
          pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
          const query = client.query.bind(client) as (text: string) => Promise<unknown>;
          // ROLLBACK refused once: the session is alive but its transaction state is unknown.
          (client as unknown as { query: (text: string) => Promise<unknown> }).query = (text) =>
            text === 'ROLLBACK' ? Promise.reject(new Error('rollback refused')) : query(text);
          throw boom;
        },
        { pool: own },
      ),
    ).rejects.toBe(boom);
    expect(own.totalCount).toBe(own.idleCount);
    await waitForGone(pid);
  });

  it('uses the primary pool when none is given', async () => {
    await withPgTransaction((client) => client.query(`INSERT INTO ${table} (v) VALUES (5)`));
    expect(await values()).toEqual([1, 5]);
    expect(pool().totalCount).toBe(pool().idleCount);
  });
});

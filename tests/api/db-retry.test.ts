import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, pool, withPgTransaction } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import {
  classifyDbError,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  markNotCommitted,
  withDbRetry,
} from '@/lib/db-retry';
import { drainBatches } from '@/lib/ingest/store/group-commit';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { errorEnvelope, send } from './ingest-helpers';

// Riding out a database failover (#50): which errors are retried (nothing committed) and which are not (a commit in
// flight), a transaction run again after its backend was terminated, and ingest through a loopback TCP proxy standing
// for HAProxy: a request waits while the database is away and is answered 200 once it is back, a 503 with
// Retry-After when it stays away past DATABASE_RETRY_SECONDS, and a batch whose commit answer was lost is written
// again without storing its event twice.

const suiteUrl = process.env.DATABASE_URL!;
const table = `db_retry_${crypto.randomBytes(4).toString('hex')}`;
let own: pg.Pool;

/** A TCP proxy to PostgreSQL that can be cut (connections reset, new ones closed at once, as HAProxy does with no server up). */
function startProxy(target: URL) {
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let down = false;
  let loseNextAnswerTo: Buffer | null = null;
  let lostAnswers = 0;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server: upstream };
    pairs.add(pair);
    let marked = false;
    client.on('data', (d) => {
      if (loseNextAnswerTo && d.includes(loseNextAnswerTo)) {
        loseNextAnswerTo = null;
        marked = true;
      }
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (marked) {
        // The server answered (after its commit): the answer never reaches the client.
        lostAnswers++;
        client.destroy();
        setTimeout(() => upstream.destroy(), 500);
        return;
      }
      client.write(d);
    });
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => (marked ? undefined : close()));
    upstream.on('close', close);
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  return new Promise<{
    url: string;
    cut(): void;
    restore(): void;
    loseAnswerTo(marker: string): void;
    lostAnswers(): number;
    stop(): Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      resolve({
        url: url.toString(),
        cut() {
          down = true;
          for (const p of pairs) {
            p.client.destroy();
            p.server.destroy();
          }
          pairs.clear();
        },
        restore() {
          down = false;
        },
        loseAnswerTo(marker) {
          loseNextAnswerTo = Buffer.from(marker);
        },
        lostAnswers: () => lostAnswers,
        stop: () =>
          new Promise<void>((r) => {
            for (const p of pairs) {
              p.client.destroy();
              p.server.destroy();
            }
            server.close(() => r());
          }),
      });
    }),
  );
}

beforeAll(async () => {
  own = new pg.Pool({ connectionString: suiteUrl, max: 3 });
  await own.query(`CREATE TABLE ${table} (v int NOT NULL)`);
});

afterAll(async () => {
  await own.query(`DROP TABLE IF EXISTS ${table}`);
  await own.end();
  await closePool();
});

const values = async () => (await own.query<{ v: number }>(`SELECT v FROM ${table} ORDER BY v`)).rows.map((r) => r.v);

async function terminate(pid: number): Promise<void> {
  await own.query('SELECT pg_terminate_backend($1)', [pid]);
}

describe('classifyDbError', () => {
  const err = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? 'x')), props);

  it('refusals that ran nothing are retried: a read-only standby (25006), starting up / shutting down (57P03)', () => {
    expect(classifyDbError(err({ code: '25006' }))).toBe('not-committed');
    expect(classifyDbError(err({ code: '57P03' }))).toBe('not-committed');
  });

  it('a refused connection never sent anything', () => {
    expect(classifyDbError(err({ code: 'ECONNREFUSED' }))).toBe('not-committed');
  });

  it('a lost session is ambiguous unless marked as lost before COMMIT was sent', () => {
    for (const e of [
      err({ code: '57P01', message: 'terminating connection due to administrator command' }),
      err({ code: '57P02' }),
      err({ code: 'ECONNRESET' }),
      err({ message: 'Connection terminated unexpectedly' }),
      err({ message: 'Client has encountered a connection error and is not queryable' }),
    ]) {
      expect(classifyDbError(e)).toBe('ambiguous');
      expect(classifyDbError(markNotCommitted(e))).toBe('not-committed');
    }
  });

  it('anything else fails at once: constraint violations, syntax errors, timeouts of a statement', () => {
    expect(classifyDbError(err({ code: '23505' }))).toBeNull();
    expect(classifyDbError(err({ code: '42601' }))).toBeNull();
    expect(classifyDbError(err({ code: '57014' }))).toBeNull();
    expect(classifyDbError(new Error('boom'))).toBeNull();
    expect(classifyDbError(markNotCommitted(err({ code: '23505' })))).toBeNull();
    expect(classifyDbError(new DatabaseUnavailableError('gone'))).toBeNull();
  });
});

describe('withDbRetry', () => {
  it('runs the work again after a real read-only refusal (25006) and returns its result', async () => {
    const readOnly = new pg.Pool({
      connectionString: suiteUrl,
      max: 1,
      options: '-c default_transaction_read_only=on',
    });
    let attempts = 0;
    try {
      const result = await withDbRetry(async () => {
        attempts++;
        await (attempts === 1 ? readOnly : own).query(`INSERT INTO ${table} (v) VALUES (25006)`);
        return 'ok';
      });
      expect(result).toBe('ok');
      expect(attempts).toBe(2);
      expect(await values()).toContain(25006);
    } finally {
      await readOnly.end();
      await own.query(`DELETE FROM ${table}`);
    }
  });

  it('gives up after the bound with DatabaseUnavailableError (the cause kept)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    let attempts = 0;
    const started = Date.now();
    const e = await withDbRetry(
      async () => {
        attempts++;
        throw refused;
      },
      { boundMs: 600 },
    ).catch((x: unknown) => x);
    expect(isDatabaseUnavailable(e)).toBe(true);
    expect((e as Error).cause).toBe(refused);
    expect(attempts).toBeGreaterThan(2);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('an ambiguous loss is not retried unless the work says it is safe to repeat', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
    let attempts = 0;
    const fail = await withDbRetry(async () => {
      attempts++;
      throw lost;
    }).catch((x: unknown) => x);
    expect(isDatabaseUnavailable(fail)).toBe(true);
    expect(attempts).toBe(1);

    attempts = 0;
    const ok = await withDbRetry(
      async () => {
        if (++attempts < 3) throw lost;
        return attempts;
      },
      { ambiguous: 'retry' },
    );
    expect(ok).toBe(3);
  });

  it('other errors are rethrown at once, unchanged', async () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    let attempts = 0;
    const e = await withDbRetry(async () => {
      attempts++;
      throw unique;
    }).catch((x: unknown) => x);
    expect(e).toBe(unique);
    expect(attempts).toBe(1);
  });
});

describe('withPgTransaction with retry', () => {
  it('a transaction whose backend is terminated before COMMIT runs again from the start and commits once', async () => {
    let attempts = 0;
    const result = await withPgTransaction(
      async (client) => {
        attempts++;
        await client.query(`INSERT INTO ${table} (v) VALUES ($1)`, [attempts]);
        if (attempts === 1) {
          const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await terminate(rows[0].pid);
          // The next statement finds its session gone (57P01 or a reset).
          await client.query('SELECT 1');
        }
        return attempts;
      },
      { retry: true },
    );
    expect(result).toBe(2);
    // The first attempt's row was rolled back with its session; the second committed.
    expect(await values()).toEqual([2]);
    await own.query(`DELETE FROM ${table}`);
  });

  it('without retry the same failure is thrown, as before', async () => {
    const e = await withPgTransaction(async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await terminate(rows[0].pid);
      await client.query('SELECT 1');
    }).catch((x: unknown) => x);
    expect(classifyDbError(e)).toBe('not-committed');
    expect(isDatabaseUnavailable(e)).toBe(false);
  });

  it('a session lost while COMMIT is in flight is not retried: DatabaseUnavailableError, fn ran once', async () => {
    // A deferred constraint trigger makes COMMIT itself take a second, long enough to terminate the backend then.
    const fnName = `${table}_slow`;
    await own.query(
      `CREATE FUNCTION ${fnName}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1); RETURN NULL; END $$`,
    );
    await own.query(
      `CREATE CONSTRAINT TRIGGER ${fnName}_t AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fnName}()`,
    );
    try {
      let attempts = 0;
      const e = await withPgTransaction(
        async (client) => {
          attempts++;
          await client.query(`INSERT INTO ${table} (v) VALUES (7)`);
          const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          setTimeout(() => void terminate(rows[0].pid), 300);
        },
        { retry: true },
      ).catch((x: unknown) => x);
      expect(isDatabaseUnavailable(e)).toBe(true);
      expect(classifyDbError((e as Error).cause)).toBe('ambiguous');
      expect(attempts).toBe(1);
    } finally {
      await own.query(`DROP TRIGGER IF EXISTS ${fnName}_t ON ${table}`);
      await own.query(`DROP FUNCTION IF EXISTS ${fnName}()`);
      await own.query(`DELETE FROM ${table}`);
    }
  });
});

describe('ingest through a proxy that fails over', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let client: TestClient;
  let projectId: string;
  let key: string;

  beforeAll(async () => {
    proxy = await startProxy(new URL(suiteUrl));
    await stopJobs();
    await closePool();
    process.env.DATABASE_URL = proxy.url;
    ({ client } = await signUp());
    const p = await client.post('/api/v1/projects', { name: 'Failover' });
    projectId = p.body.data.id;
    key = p.body.data.keys[0].publicKey;
  });

  afterAll(async () => {
    await drainBatches();
    await stopJobs();
    await closePool();
    await proxy?.stop();
    process.env.DATABASE_URL = suiteUrl;
    delete process.env.DATABASE_RETRY_SECONDS;
  });

  const eventId = () => crypto.randomBytes(16).toString('hex');
  const stored = async (id: string) =>
    (
      await own.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND event_id = $2', [
        projectId,
        id,
      ])
    ).rows[0].n;

  it('a request sent while the database is away waits, and is answered 200 once it is back: stored once', async () => {
    const warm = await send({ client, projectId, key, body: errorEnvelope({ event_id: eventId() }) });
    expect(warm.status).toBe(200);
    process.env.DATABASE_RETRY_SECONDS = '15';
    proxy.cut();
    const id = eventId();
    const started = Date.now();
    const pending = send({ client, projectId, key, body: errorEnvelope({ event_id: id }) });
    setTimeout(() => proxy.restore(), 1500);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await stored(id)).toBe(1);
  });

  it('the pool marks a connection closed while connecting: nothing was sent, so any work may run again', async () => {
    proxy.cut();
    try {
      // The pool's idle clients see their sockets close first, and leave the pool.
      await new Promise((r) => setTimeout(r, 200));
      const e = await pool()
        .query('SELECT 1')
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(Error);
      expect(classifyDbError(e)).toBe('not-committed');
    } finally {
      proxy.restore();
    }
  });

  it('past DATABASE_RETRY_SECONDS the answer is 503 with Retry-After, and nothing is stored', async () => {
    process.env.DATABASE_RETRY_SECONDS = '1';
    proxy.cut();
    const id = eventId();
    try {
      const res = await send({ client, projectId, key, body: errorEnvelope({ event_id: id }) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      proxy.restore();
      process.env.DATABASE_RETRY_SECONDS = '15';
    }
    expect(await stored(id)).toBe(0);
  });

  it('a batch whose commit answer was lost is written again: answered 200, its event stored once', async () => {
    const before = proxy.lostAnswers();
    // The batch statement's name ends in a NUL in the Parse and Bind messages that run it.
    proxy.loseAnswerTo('ingest-batch\0');
    const id = eventId();
    const res = await send({ client, projectId, key, body: errorEnvelope({ event_id: id }) });
    expect(proxy.lostAnswers()).toBe(before + 1);
    expect(res.status).toBe(200);
    expect(await stored(id)).toBe(1);
  });
});

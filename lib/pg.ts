import pg from 'pg';
import { logger } from './log';
import { markNotCommitted, withDbRetry } from './db-retry';

/**
 * The pool's client: an error while connecting is marked as one before anything was sent (lib/db-retry), so a
 * failover's refused or reset connections are retried even for work that is not safe to repeat.
 */
class FailoverAwareClient extends pg.Client {}
{
  type Connectable = { _connect(callback: (err?: Error) => void): void };
  const proto = FailoverAwareClient.prototype as unknown as Connectable;
  const connect = proto._connect;
  proto._connect = function (this: Connectable, callback) {
    connect.call(this, (err) => callback(err ? markNotCommitted(err) : err));
  };
}

const globalForPg = globalThis as unknown as { pgPool?: pg.Pool; pgOwnPools?: Map<string, pg.Pool> };

/**
 * How long a pool keeps a connection nobody used. Each one is a PostgreSQL backend of 2-7 MB: after a burst (the first
 * second of load on a fresh server opened ten), they went 5 s sooner than at pg's 10-s default, and
 * bench:footprint's peak under load fell from 301-302 MB to 287-291 MB (#65). Steady traffic keeps its connections.
 */
const IDLE_CONNECTION_MS = 5_000;

function newPool(max: number, applicationName?: string): pg.Pool {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  const p = new pg.Pool({
    connectionString,
    max,
    Client: FailoverAwareClient,
    application_name: applicationName,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  p.on('error', (err) => logger.error({ err }, 'pg pool error'));
  return p;
}

/** The one pg pool on the primary (DATABASE_URL), shared by Prisma's adapter and the raw SQL of the ingest hot path. */
export function pool(): pg.Pool {
  return (globalForPg.pgPool ??= newPool(Number(process.env.PG_POOL_MAX ?? 20)));
}

/**
 * A pool of its own on the primary for one heavy statement, with as many connections as it runs at once: the ingest
 * batch statement (lib/ingest/store/event-writer.ts). A PostgreSQL connection keeps a prepared statement's plans,
 * and the memory its runs took, for the rest of its life: run from the shared pool, every one of its connections
 * ended up holding them (#65: PostgreSQL 186-198 MB under bench:footprint's load, against 106-111 MB this way).
 * Its connections show in pg_stat_activity as application `tracker:<name>`.
 */
export function ownPool(name: string, max: number): pg.Pool {
  const pools = (globalForPg.pgOwnPools ??= new Map());
  let p = pools.get(name);
  if (!p) pools.set(name, (p = newPool(max, `tracker:${name}`)));
  return p;
}

/**
 * The URL for work that needs a whole session rather than a transaction: `prisma migrate deploy` holds a
 * session-level advisory lock. DATABASE_DIRECT_URL when DATABASE_URL goes through a transaction-mode pooler.
 */
export function directDatabaseUrl(): string | undefined {
  return process.env.DATABASE_DIRECT_URL?.trim() || process.env.DATABASE_URL;
}

/**
 * A query config with a named (server-side prepared) statement, planned once per connection, on the hot
 * paths. Behind a transaction-mode pooler (PgBouncer before 1.21), which DATABASE_DIRECT_URL announces,
 * consecutive transactions land on different server connections that never saw the PREPARE: the statement
 * goes unnamed there.
 */
export function statement(name: string, text: string, values: unknown[]): pg.QueryConfig {
  return process.env.DATABASE_DIRECT_URL?.trim() ? { text, values } : { name, text, values };
}

/**
 * Runs fn inside BEGIN … COMMIT on one client of the pool (the primary's unless given), rolls back and rethrows
 * on any error, and always releases the client: destroyed when even ROLLBACK failed, so a broken session never
 * goes back to the pool. With `retry`, a failover (connection refused, reset or terminated before COMMIT was
 * sent, a read-only standby, a server starting up or shutting down) runs fn again from the start for up to
 * DATABASE_RETRY_SECONDS (lib/db-retry): fn must then have no effect outside its transaction. A connection lost
 * while COMMIT was in flight is never retried (DatabaseUnavailableError).
 */
export async function withPgTransaction<T>(
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { pool?: pg.Pool; retry?: boolean; what?: string } = {},
): Promise<T> {
  if (!options.retry) return runPgTransaction(fn, options.pool);
  return withDbRetry(() => runPgTransaction(fn, options.pool), { ambiguous: 'fail', what: options.what });
}

async function runPgTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>, p: pg.Pool | undefined): Promise<T> {
  return withPgClient(async (client, discard) => {
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (err) {
      // Before COMMIT was sent, a lost session rolled the transaction back: nothing was committed.
      if (!committing) markNotCommitted(err);
      await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
        discard(rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr)));
      });
      throw err;
    }
  }, p);
}

/**
 * A pooled session for `fn` (a transaction, or one statement that is its own, such as a COPY). A session that
 * died meanwhile, or that `fn` discards, is closed instead of going back to the pool.
 */
export async function withPgClient<T>(
  fn: (client: pg.PoolClient, discard: (err: Error) => void) => Promise<T>,
  p?: pg.Pool,
): Promise<T> {
  const client = await (p ?? pool()).connect().catch((err: unknown) => {
    throw markNotCommitted(err);
  });
  let broken: Error | undefined;
  // A session that dies between two statements emits 'error' on the checked-out client: unheard, it would crash the process.
  const discard = (err: Error) => void (broken = err);
  client.on('error', discard);
  try {
    return await fn(client, discard);
  } finally {
    client.off('error', discard);
    client.release(broken);
  }
}

export async function closePool(): Promise<void> {
  const pools = [globalForPg.pgPool, ...(globalForPg.pgOwnPools?.values() ?? [])];
  globalForPg.pgPool = undefined;
  globalForPg.pgOwnPools = undefined;
  await Promise.all(pools.map((p) => p?.end()));
}

import pg from 'pg';
import { logger } from './log';

const globalForPg = globalThis as unknown as { pgPool?: pg.Pool };

/** The one pg pool on the primary (DATABASE_URL), shared by Prisma's adapter and the raw SQL of the ingest hot path. */
export function pool(): pg.Pool {
  if (!globalForPg.pgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    globalForPg.pgPool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_MAX ?? 20) });
    globalForPg.pgPool.on('error', (err) => logger.error({ err }, 'pg pool error'));
  }
  return globalForPg.pgPool;
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
 * goes back to the pool.
 */
export async function withPgTransaction<T>(
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { pool?: pg.Pool } = {},
): Promise<T> {
  const client = await (options.pool ?? pool()).connect();
  let broken: Error | undefined;
  // A session that dies between two statements emits 'error' on the checked-out client: unheard, it would crash the process.
  const onError = (err: Error) => void (broken = err);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    });
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

export async function closePool(): Promise<void> {
  const p = globalForPg.pgPool;
  globalForPg.pgPool = undefined;
  await p?.end();
}

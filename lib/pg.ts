import pg from 'pg';

const globalForPg = globalThis as unknown as { pgPool?: pg.Pool; pgReplicaPool?: pg.Pool | null };

function newPool(connectionString: string, max: number, extra: pg.PoolConfig = {}): pg.Pool {
  const p = new pg.Pool({ connectionString, max, ...extra });
  p.on('error', (err) => console.error('pg pool error', err));
  return p;
}

function poolMax(): number {
  return Number(process.env.PG_POOL_MAX ?? 20);
}

/** The one pg pool on the primary (DATABASE_URL), shared by Prisma's adapter and the raw SQL of the ingest hot path. */
export function pool(): pg.Pool {
  if (!globalForPg.pgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    globalForPg.pgPool = newPool(connectionString, poolMax());
  }
  return globalForPg.pgPool;
}

/** The pool on the read replica (DATABASE_REPLICA_URL), or null when none is configured. Only lib/replica decides when to use it. */
export function replicaPool(): pg.Pool | null {
  if (globalForPg.pgReplicaPool === undefined) {
    const url = process.env.DATABASE_REPLICA_URL?.trim();
    // A replica that stops answering must not hold reads (or its lag probes) waiting on a connection for long.
    globalForPg.pgReplicaPool = url ? newPool(url, Number(process.env.PG_REPLICA_POOL_MAX ?? poolMax()), { connectionTimeoutMillis: 5000 }) : null;
  }
  return globalForPg.pgReplicaPool;
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

export async function closePool(): Promise<void> {
  const p = globalForPg.pgPool;
  const r = globalForPg.pgReplicaPool;
  globalForPg.pgPool = undefined;
  globalForPg.pgReplicaPool = undefined;
  await Promise.all([p?.end(), r?.end()]);
}

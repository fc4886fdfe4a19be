import pg from 'pg';

const globalForPg = globalThis as unknown as { pgPool?: pg.Pool };

/** The one pg pool, shared by Prisma's adapter and the raw SQL of the ingest hot path. */
export function pool(): pg.Pool {
  if (!globalForPg.pgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    globalForPg.pgPool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_MAX ?? 20) });
    globalForPg.pgPool.on('error', (err) => console.error('pg pool error', err));
  }
  return globalForPg.pgPool;
}

export async function closePool(): Promise<void> {
  const p = globalForPg.pgPool;
  globalForPg.pgPool = undefined;
  await p?.end();
}

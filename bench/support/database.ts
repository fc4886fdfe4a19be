// A fresh embedded PostgreSQL for the in-process read benches (bench:perf, bench:scale), migrated and set as
// DATABASE_URL; `stop` removes it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';

export async function startBenchDatabase(
  prefix: string,
): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // The `postgres` user must traverse it.
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'tracker_bench', persistent: false });
  const stop = async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    migrateDeploy(pg.url);
  } catch (err) {
    await stop();
    throw err;
  }
  // Modules that hold the pool must be imported after this, so they connect to the bench database.
  process.env.DATABASE_URL = pg.url;
  return { url: pg.url, dataDir: path.join(dir, 'pg'), stop };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../lib/runtime/embedded-db';
import { migrateDeploy } from '../../lib/runtime/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    outboxDir: string;
  }
}

/** A fresh PostgreSQL (real server, temp data dir) and a fresh database for each test run. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-test-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'tracker_test', persistent: false });
  migrateDeploy(db.url);
  const outboxDir = path.join(dir, 'outbox');
  fs.mkdirSync(outboxDir, { recursive: true });
  project.provide('databaseUrl', db.url);
  project.provide('outboxDir', outboxDir);
  return async () => {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Applies pending migrations with `prisma migrate deploy` against `databaseUrl`. */
export function migrateDeploy(databaseUrl: string, cwd = process.cwd()): void {
  const bin = path.join(cwd, 'node_modules', '.bin', 'prisma');
  const res = spawnSync(bin, ['migrate', 'deploy'], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    throw new Error(`prisma migrate deploy failed:\n${res.stdout}\n${res.stderr}`);
  }
}

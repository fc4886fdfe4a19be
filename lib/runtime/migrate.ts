import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The migrations `prisma migrate deploy` says it applied (its tree of `└─ <name>/` lines), in order. */
export function appliedMigrations(stdout: string): string[] {
  return [...stdout.matchAll(/\u2514\u2500 (\d{14}_[^/\s]+)\//g)].map((m) => m[1]);
}

/** Applies pending migrations with `prisma migrate deploy` against `databaseUrl`; returns the ones it applied. */
export function migrateDeploy(databaseUrl: string, cwd = process.cwd()): string[] {
  const bin = path.join(cwd, 'node_modules', '.bin', 'prisma');
  const res = spawnSync(bin, ['migrate', 'deploy'], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    throw new Error(`prisma migrate deploy failed:\n${res.stdout}\n${res.stderr}`);
  }
  return appliedMigrations(res.stdout);
}

import { execFileSync } from 'node:child_process';

/** The `postgres` system user's ids: PostgreSQL and PgBouncer refuse to run as root, so root starts them as it. */
export function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** Spawn options running a PostgreSQL tool as `postgres` when we are root, as ourselves otherwise. */
export function asPostgresUser(): { uid: number; gid: number } | Record<string, never> {
  return process.getuid?.() === 0 ? postgresUser() : {};
}

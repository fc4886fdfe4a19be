import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@/lib/runtime/embedded-db';
import { asPostgresUser } from './postgres-user';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * `pgbouncer.ini` (and its user list) in `dir` for transaction mode on 127.0.0.1:`port`, one pooled database per
 * entry of `databases` (name → the server's URL, whose user and password PgBouncer logs in with); clients are trusted.
 */
export function writePgBouncerConfig({
  dir,
  port,
  databases,
  poolSize,
}: {
  dir: string;
  port: number;
  databases: Record<string, string>;
  poolSize: number;
}): string {
  const users = new Set(Object.values(databases).map((u) => new URL(u).username));
  fs.writeFileSync(path.join(dir, 'userlist.txt'), [...users].map((u) => `"${u}" ""\n`).join(''));
  const file = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    file,
    [
      '[databases]',
      ...Object.entries(databases).map(([name, url]) => {
        const u = new URL(url);
        return `${name} = host=${u.hostname} port=${u.port} dbname=${u.pathname.slice(1)} user=${u.username}${u.password ? ` password=${u.password}` : ''}`;
      }),
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  return file;
}

/**
 * Debian's PgBouncer in transaction mode in front of `databaseUrl`, with few server connections (`poolSize`) so
 * that consecutive transactions of one client connection land on different server connections, as in production.
 * Returns the URL to connect through it.
 */
export async function startPgBouncer(
  databaseUrl: string,
  poolSize = 2,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-pgbouncer-'));
  const port = await freePort();
  writePgBouncerConfig({ dir, port, databases: { [database]: databaseUrl }, poolSize });
  // PgBouncer refuses to run as root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const child: ChildProcess = spawn(PGBOUNCER, [path.join(dir, 'pgbouncer.ini')], {
    ...asPostgresUser(),
    stdio: 'ignore',
  });
  const url = `postgresql://${target.username}@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`PgBouncer did not start: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null)
        await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGINT')));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

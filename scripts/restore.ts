// `npm run restore -- FILE [--pgdata DIR] [--force]`: puts a backup from `npm run backup` back (docs/backups.md).
//   a .dump (pg_dump custom format): pg_restore into DATABASE_URL, or into the embedded database in $DATA_DIR/postgres
//     (created when missing). The database must be empty (no tables of the app) unless --force, which drops what
//     the dump holds first (--clean --if-exists).
//   a .tar.gz (files): a new data directory, $DATA_DIR/postgres or --pgdata DIR, which must not exist or be empty;
//     the first start replays the WAL the backup carries.
// Then `npm start` (with the same DATA_DIR or DATABASE_URL) starts on it: its migrations are already applied.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../lib/runtime/embedded-db';
import {
  FILES_FORMAT,
  appDatabase,
  embeddedDir,
  findPgTool,
  log,
  parseArgs,
  runningPort,
  serverMajor,
  toolHint,
} from './backup-common';

async function main() {
  const { flags, words } = parseArgs(process.argv.slice(2));
  const file = words[0] ? path.resolve(words[0]) : undefined;
  if (!file || !fs.existsSync(file))
    throw new Error('usage: npm run restore -- <backup file> [--pgdata DIR] [--force]');
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  const started = performance.now();
  if (head.toString('latin1') === 'PGDMP') await restoreDump(file, flags.get('force') === 'true');
  else if (head[0] === 0x1f && head[1] === 0x8b)
    await restoreFiles(file, path.resolve(flags.get('pgdata') ?? embeddedDir()));
  else throw new Error(`${file} is neither a pg_dump custom-format file nor a .tar.gz from npm run backup`);
  log(`restore done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function appTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function restoreDump(file: string, force: boolean) {
  const db = await appDatabase({ create: true });
  try {
    const major = await serverMajor(db.url);
    const pgRestore = findPgTool('pg_restore', major);
    if (!pgRestore) throw new Error(toolHint('pg_restore', major));
    const tables = await appTables(db.url);
    if (tables && !force)
      throw new Error(
        `the target database already has ${tables} tables: restore into a new, empty database, or pass --force to ` +
          'drop and replace what the backup holds',
      );
    log(`pg_restore (PostgreSQL ${pgRestore.major}) ${file} → ${db.url.replace(/:[^:@/]*@/, ':***@')}`);
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (force) args.push('--clean', '--if-exists');
    execFileSync(pgRestore.bin, [...args, `--dbname=${db.url}`, file], { stdio: ['ignore', 'inherit', 'inherit'] });
    await report(db.url);
  } finally {
    await db.close();
  }
}

async function restoreFiles(file: string, pgdata: string) {
  if (runningPort(pgdata)) throw new Error(`a PostgreSQL is running on ${pgdata}: stop it (and npm start) first`);
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length)
    throw new Error(
      `${pgdata} is not empty: move it aside (it is the database the backup would replace) and run again`,
    );
  fs.mkdirSync(path.dirname(pgdata), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(pgdata), '.restore-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', staging], { stdio: 'inherit' });
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'tracker-backup.json'), 'utf8')) as {
      format: string;
      appVersion: string;
      createdAt: string;
      postgresMajor: number;
    };
    if (manifest.format !== FILES_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);
    log(
      `files backup of ${manifest.createdAt} (Tracker ${manifest.appVersion}, PostgreSQL ${manifest.postgresMajor}) → ${pgdata}`,
    );
    if (fs.existsSync(pgdata)) fs.rmdirSync(pgdata);
    fs.renameSync(path.join(staging, 'data'), pgdata);
    fs.chmodSync(pgdata, 0o700);
    // As root the embedded server runs as the `postgres` user, which must own its data directory.
    if (process.getuid?.() === 0) {
      try {
        execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
        execFileSync('chown', ['-R', 'postgres:postgres', pgdata]);
      } catch {
        // no postgres user yet: the embedded package creates it and chowns a new directory at its first start
      }
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  // The first start replays the backup's WAL up to its end point; the server then accepts connections.
  log('starting it once to replay the WAL and check it');
  const db = await startEmbeddedPostgres({ dir: pgdata, database: 'tracker', port: 0 });
  try {
    await report(db.url);
  } finally {
    await db.stop();
  }
}

/** What the restored database holds, so the operator sees it is the one they meant. */
async function report(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migrations: number; last: string | null; events: number; issues: number }>(
      `SELECT (SELECT count(*)::int FROM _prisma_migrations WHERE finished_at IS NOT NULL) AS migrations,
              (SELECT max(migration_name) FROM _prisma_migrations) AS last,
              (SELECT count(*)::int FROM events) AS events,
              (SELECT count(*)::int FROM issues) AS issues`,
    );
    const r = rows[0];
    log(`restored: ${r.migrations} migrations applied (last ${r.last}), ${r.issues} issues, ${r.events} events`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error('[restore] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});

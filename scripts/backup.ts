// `npm run backup [-- --out FILE] [--method dump|files]`: a consistent backup of the app's database while it runs
// and ingests (docs/backups.md). Everything committed before the backup starts is in it.
//   dump:  pg_dump --format=custom of DATABASE_URL or the embedded database (one snapshot), when a pg_dump of the
//          server's major version is at hand. Restores into any empty database with pg_restore.
//   files: the embedded database's data directory copied under pg_backup_start/pg_backup_stop, with the WAL written
//          meanwhile (what pg_basebackup does), as a .tar.gz. Needs no client tools (the embedded package ships
//          none), only file access to the data directory; restores into a new data directory.
// `auto` (the default) takes a dump when it can, else the files of the embedded database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_VERSION } from '../lib/version/app-version';
import { FILES_FORMAT, appDatabase, dataDir, findPgTool, log, parseArgs, serverMajor, toolHint } from './backup-common';

async function main() {
  const { flags } = parseArgs(process.argv.slice(2));
  const method = flags.get('method') ?? 'auto';
  if (!['auto', 'dump', 'files'].includes(method)) throw new Error(`--method must be auto, dump or files`);
  const started = performance.now();
  const db = await appDatabase();
  try {
    const major = await serverMajor(db.url);
    const pgDump = method === 'files' ? null : findPgTool('pg_dump', major);
    const useDump = method === 'dump' || (method === 'auto' && (pgDump || !db.pgdata));
    if (useDump && !pgDump) throw new Error(toolHint('pg_dump', major));
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const out = path.resolve(
      flags.get('out') ?? path.join(dataDir(), 'backups', `tracker-${stamp}.${useDump ? 'dump' : 'tar.gz'}`),
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    if (useDump) {
      log(`pg_dump (PostgreSQL ${pgDump!.major}, ${pgDump!.bin}) → ${out}`);
      // One transaction, one snapshot: every table as of the moment the dump began.
      execFileSync(pgDump!.bin, ['--format=custom', '--compress=6', `--file=${partial}`, `--dbname=${db.url}`], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    } else {
      if (!db.pgdata) throw new Error('--method files needs the embedded database (DATABASE_URL unset)');
      if (major < 15) throw new Error(`--method files needs PostgreSQL 15 or later (server is ${major})`);
      log(`copying the data directory ${db.pgdata} (PostgreSQL ${major}) → ${out}`);
      await filesBackup(db.url, db.pgdata, partial, major);
    }
    fs.renameSync(partial, out);
    const mb = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
    log(
      `wrote ${out} (${mb} MB, ${useDump ? 'dump' : 'files'}, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await db.close();
  }
}

/** What a base backup leaves out (PostgreSQL's "Making a Base Backup Using the Low Level API"): rebuilt at start. */
const SKIP_TOP = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'current_logfiles']);
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** Copies a live directory tree: a file that disappears while we walk (a dropped table's) is simply not copied. */
function copyTree(from: string, to: string, top: boolean) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = fs.readdirSync(from);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) {
    if (top && SKIP_TOP.has(name)) continue;
    if (name === 'pg_internal.init' || name.startsWith('pgsql_tmp')) continue;
    const src = path.join(from, name);
    const dst = path.join(to, name);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(src);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (top && EMPTY_DIRS.has(name)) fs.mkdirSync(dst, { mode: 0o700 });
      else copyTree(src, dst, false);
    } else if (stat.isFile()) {
      try {
        fs.copyFileSync(src, dst);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

/** 24 hex digits: timeline, log id, segment. */
const WAL_FILE = /^[0-9A-F]{24}$/;

async function filesBackup(url: string, pgdata: string, out: string, major: number) {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-backup-'));
  // The backup is only valid while the session that began it is open, so one client holds it to the end.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: begin } = await client.query<{ lsn: string; wal: string; segment: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal,
              (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment
         FROM pg_backup_start($1, true) AS lsn`,
      [`tracker ${new Date().toISOString()}`],
    );
    const data = path.join(staging, 'data');
    copyTree(pgdata, data, true);
    fs.mkdirSync(path.join(data, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
    const { rows: end } = await client.query<{ lsn: string; wal: string; labelfile: string; spcmapfile: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(false)`,
    );
    fs.writeFileSync(path.join(data, 'backup_label'), end[0].labelfile);
    if (end[0].spcmapfile) fs.writeFileSync(path.join(data, 'tablespace_map'), end[0].spcmapfile);
    // The WAL from the backup's checkpoint to its end: replayed at the first start, it makes the copied files
    // consistent. pg_backup_stop switched to a new segment, so the last one needed is complete.
    const first = begin[0].wal;
    const last = end[0].wal;
    const wal = path.join(pgdata, 'pg_wal');
    const needed = fs
      .readdirSync(wal)
      .filter((f) => WAL_FILE.test(f) && f.slice(0, 8) === first.slice(0, 8) && f >= first && f <= last);
    const perLogId = 2 ** 32 / Number(begin[0].segment);
    const index = (f: string) => parseInt(f.slice(8, 16), 16) * perLogId + parseInt(f.slice(16), 16);
    if (needed.length !== index(last) - index(first) + 1)
      throw new Error(`WAL from ${first} to ${last} is no longer all in ${wal}: run the backup again`);
    for (const f of needed) fs.copyFileSync(path.join(wal, f), path.join(data, 'pg_wal', f));
    for (const f of fs.readdirSync(wal).filter((f) => f.endsWith('.history')))
      fs.copyFileSync(path.join(wal, f), path.join(data, 'pg_wal', f));
    fs.writeFileSync(
      path.join(staging, 'tracker-backup.json'),
      `${JSON.stringify(
        {
          format: FILES_FORMAT,
          appVersion: APP_VERSION,
          createdAt: new Date().toISOString(),
          postgresMajor: major,
          startLsn: begin[0].lsn,
          stopLsn: end[0].lsn,
          walFiles: needed,
        },
        null,
        2,
      )}\n`,
    );
    execFileSync('tar', ['-czf', out, '-C', staging, 'tracker-backup.json', 'data'], { stdio: 'inherit' });
  } catch (err) {
    // Leaves no backup in progress on the server (the session's end would also end it).
    await client.query('SELECT pg_backup_stop(false)').catch(() => {});
    throw err;
  } finally {
    await client.end();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('[backup] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});

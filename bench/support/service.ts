// The service under a benchmark: `npm start`'s command in its own process group (node and the embedded
// PostgreSQL) on a fresh DATA_DIR and loopback ports, with a signed-up, verified and logged-in user.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgLib from 'pg';
import { freePort } from '@/lib/runtime/embedded-db';

export const root = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 15 * 60_000;
const children: ChildProcess[] = [];

export const log = (msg: string) => console.log(`[bench] ${msg}`);

/** Starts `cmd` in its own process group (as `user` when given: PostgreSQL and PgBouncer refuse to run as root). */
export function startGroup({
  cmd,
  args,
  env,
  logFile,
  user,
}: {
  cmd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  user?: { uid: number; gid: number };
}): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  // Own process group, so stopping it also stops what it started (PostgreSQL, build workers).
  const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', out, out], ...user });
  children.push(child);
  return child;
}

export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  for (const c of children.reverse()) await stopGroup(c);
}

export async function waitForHttp({
  url,
  child,
  timeoutMs,
  logFile,
}: {
  url: string;
  child: ChildProcess;
  timeoutMs: number;
  logFile: string;
}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s; see ${logFile}`);
}

export async function api({
  base,
  method,
  path: p,
  body,
  cookie,
}: {
  base: string;
  method: string;
  path: string;
  body?: unknown;
  cookie?: string;
}) {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => undefined)) as any;
  return { status: res.status, json, setCookie: res.headers.getSetCookie() };
}

export function latestOtp(outbox: string, email: string): string {
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const f of files.reverse()) {
    const m = JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8'));
    if (m.to === email && m.template === 'otp') return m.data.otp;
  }
  throw new Error(`no passcode for ${email} in ${outbox}`);
}

export type Instance = {
  base: string;
  port: number;
  pgPort: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  dbUrl: string;
};
export type Service = Instance & { email: string; password: string; cookie: string; orgId: string };

/**
 * Starts the production build (NEXT_DIST_DIR, built on first run) on a fresh DATA_DIR: with its own embedded
 * PostgreSQL, or on `databaseUrl` (another instance's database) when given.
 */
export async function startInstance(opts: {
  distDir: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  /** Fixed loopback ports (a free one each when not given). */
  port?: number;
  pgPort?: number;
}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-'));
  fs.chmodSync(dataDir, 0o755);
  // Outside DATA_DIR so it survives the clean-up.
  const logFile = path.join(os.tmpdir(), `${path.basename(dataDir)}.log`);
  const port = opts.port ?? (await freePort());
  const pgPort = opts.pgPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    NEXT_DIST_DIR: opts.distDir,
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.MAIL_OUTBOX_DIR;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  log(`starting the service on ${base} (DATA_DIR ${dataDir}; builds ${opts.distDir} on first run, log in ${logFile})`);
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const start = npmStart();
  const child = startGroup({
    cmd: process.execPath,
    args: [...nodeArgs, ...start.args],
    env: { ...env, ...start.env },
    logFile,
  });
  const tStart = performance.now();
  await waitForHttp({ url: `${base}/api/v1/auth/me`, child, timeoutMs: READY_TIMEOUT_MS, logFile });
  log(`service ready after ${((performance.now() - tStart) / 1000).toFixed(0)} s`);
  const dbUrl = opts.databaseUrl ?? `postgresql://postgres:postgres@localhost:${pgPort}/tracker`;
  return { base, port, pgPort, dataDir, logFile, child, dbUrl };
}

/**
 * The environment and node arguments of `npm start` (package.json: `NAME=${NAME:-default} … node <args>`), so a
 * bench runs the server as users do.
 */
function npmStart(): { env: Record<string, string>; args: string[] } {
  const start: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  const env: Record<string, string> = {};
  for (let m; (m = /^([A-Z_][A-Z0-9_]*)=\$\{\1:-([^}]*)\}$/.exec(words[0])); words.shift())
    env[m[1]] = process.env[m[1]] || m[2];
  if (words[0] !== 'node')
    throw new Error(`package.json's start script is not [NAME=\${NAME:-default}…] node …: ${start}`);
  return { env, args: words.slice(1) };
}

/** Registers, verifies (passcode from the instance's outbox) and logs in a bench user. */
export async function signUpBenchUser(inst: Instance) {
  const { base, dataDir } = inst;
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const reg = await api({
    base,
    method: 'POST',
    path: '/api/v1/auth/register',
    body: { name: 'Bench', email, password },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const ver = await api({
    base,
    method: 'POST',
    path: '/api/v1/auth/verify-otp',
    body: { email, otp: latestOtp(path.join(dataDir, 'outbox'), email) },
  });
  if (ver.status !== 200) throw new Error(`verify: ${ver.status}`);
  const login = await api({ base, method: 'POST', path: '/api/v1/auth/login', body: { email, password } });
  const cookie = login.setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status}`);
  const me = await api({ base, method: 'GET', path: '/api/v1/auth/me', cookie });
  return { email, password, cookie, orgId: me.json.data.organization.id as string };
}

/** One instance with a signed-up, verified and logged-in user. */
export async function startService(opts: {
  distDir: string;
  env?: Record<string, string>;
  port?: number;
  pgPort?: number;
}): Promise<Service> {
  const inst = await startInstance(opts);
  return { ...inst, ...(await signUpBenchUser(inst)) };
}

export type BenchProject = { id: string; number: number; keys: { publicKey: string }[] };

/** The service's organization on PRO (no monthly quota in the way) with a new project, and a client on its database. */
export async function proProject(svc: Service, name: string): Promise<{ sql: pgLib.Client; project: BenchProject }> {
  const sql = new pgLib.Client({ connectionString: svc.dbUrl });
  sql.on('error', () => {});
  await sql.connect();
  await sql.query(`UPDATE organizations SET plan = 'PRO' WHERE id = $1`, [svc.orgId]);
  const created = await api({
    base: svc.base,
    method: 'POST',
    path: '/api/v1/projects',
    body: { name },
    cookie: svc.cookie,
  });
  if (created.status !== 201) throw new Error(`create project: ${created.status}`);
  return { sql, project: created.json.data as BenchProject };
}

/** Runs a benchmark's main: stops every process group it started at the end, on failure and on Ctrl-C. */
export function runBench(main: () => Promise<void>, cleanUp: () => void = () => {}): void {
  const onSignal = () => {
    for (const c of children) {
      if (c.pid && c.exitCode === null) {
        try {
          process.kill(-c.pid, 'SIGTERM');
        } catch {
          // gone
        }
      }
    }
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  main()
    .finally(async () => {
      await stopAll();
      cleanUp();
    })
    .then(
      () => process.exit(0),
      (err) => {
        console.error('[bench] failed:', err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
}

// Extra server instances for specs that stop or kill a server: `node scripts/start.mjs` (the bundled server `npm start`
// runs) in its own process group (node and the embedded PostgreSQL), on the build the Playwright config made, with its
// own DATA_DIR and ports on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../lib/runtime/embedded-db';

export { freePort };

const root = path.resolve(import.meta.dirname, '../..');

export type SpawnedServer = {
  base: string;
  port: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  /** Resolves with the exit code of the group leader. */
  exited: Promise<number | null>;
};

export function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-durability-'));
  // The embedded PostgreSQL runs as the `postgres` user, which must be able to traverse the folder.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Starts a server on `dataDir` and waits for GET /api/health 200. */
export async function spawnServer(opts: {
  dataDir: string;
  port: number;
  pgPort: number;
  timeoutMs?: number;
}): Promise<SpawnedServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  const logFile = path.join(os.tmpdir(), `${path.basename(opts.dataDir)}.log`);
  const out = fs.openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: opts.dataDir,
    EMBEDDED_PG_PORT: String(opts.pgPort),
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? '.next-e2e',
    INGEST_RATE_LIMIT_PER_SECOND: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.MAIL_OUTBOX_DIR;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`server not healthy in time; see ${logFile}`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, port: opts.port, dataDir: opts.dataDir, logFile, child, exited };
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone
  }
}

/** True while any process of the group (node, tsx, PostgreSQL) is alive. */
export function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the whole process group has exited; false on timeout. */
export async function groupGone(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(child)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Stops a server for good (SIGTERM, then SIGKILL) and removes its data. */
export async function disposeServer(s: SpawnedServer | undefined, removeData = true): Promise<void> {
  if (!s) return;
  killGroup(s.child, 'SIGTERM');
  if (!(await groupGone(s.child, 30_000))) {
    killGroup(s.child, 'SIGKILL');
    await groupGone(s.child, 10_000);
  }
  if (removeData) fs.rmSync(s.dataDir, { recursive: true, force: true });
}

/** The embedded PostgreSQL's URL, from its lock file (line 4 holds the port). */
export function databaseUrl(dataDir: string): string {
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgresql://postgres:postgres@localhost:${port}/tracker`;
}

/** Registers, verifies (passcode from the server's outbox) and logs in; creates a project. */
export async function accountOn(s: SpawnedServer) {
  const email = `durability-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const call = async (method: string, p: string, body?: unknown, cookie?: string) => {
    const res = await fetch(s.base + p, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      json: (await res.json().catch(() => undefined)) as any,
      setCookie: res.headers.getSetCookie(),
    };
  };
  const reg = await call('POST', '/api/v1/auth/register', { name: 'Durability', email, password });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  const outbox = path.join(s.dataDir, 'outbox');
  const otp = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => m.to === email && m.template === 'otp')
    .at(-1)?.data.otp;
  if ((await call('POST', '/api/v1/auth/verify-otp', { email, otp })).status !== 200) throw new Error('verify failed');
  const login = await call('POST', '/api/v1/auth/login', { email, password });
  const cookie = login.setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
  if (!cookie) throw new Error(`login: ${login.status}`);
  const project = await call('POST', '/api/v1/projects', { name: 'Durability' }, cookie);
  if (project.status !== 201) throw new Error(`create project: ${project.status}`);
  return {
    cookie,
    projectId: project.json.data.id as string,
    key: project.json.data.keys[0].publicKey as string,
    call,
  };
}

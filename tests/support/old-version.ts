// The previous version of the app, for the upgrade test (tests/api/upgrade.test.ts): its source from git, its own
// generated Prisma client and production build, started the way its own `npm start` starts (migrations first, then
// its production server) in a process group of its own, on a database the test gives it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@/lib/runtime/embedded-db';

/**
 * The version an installation upgrades from. There is no earlier tagged version yet, so this is a fixed commit of
 * main (2026-11-23: before spans/logs, replays, profiles, two-factor, the audit log and teams, so most of today's
 * migrations run on its data). Move it to the previous tag (e.g. 'v1.0.0') once there is one.
 */
export const OLD_VERSION = '7899095';

const root = path.resolve(import.meta.dirname, '../..');

/** The full commit id of `rev`, or a clear error: the test needs the repository's history (never skipped). */
export function resolveCommit(rev: string): string {
  const res = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  const sha = res.stdout.trim();
  if (res.status !== 0 || !/^[0-9a-f]{40}$/.test(sha)) {
    throw new Error(
      `upgrade test: the old version ${rev} is not in this repository (${root}). The test builds it from git: ` +
        'run it in a full clone (git fetch --unshallow, or fetch the tag/commit), it is never skipped.',
    );
  }
  return sha;
}

/** `^1.2.3`, `~1.2.3` or `1.2.3` against an installed version (what npm would accept for these simple ranges). */
function satisfies(installed: string, range: string): boolean {
  const parse = (v: string) =>
    v
      .replace(/^[\^~=v]+/, '')
      .split(/[.+-]/)
      .slice(0, 3)
      .map(Number);
  const [a, b, c] = parse(installed);
  const [x, y, z] = parse(range);
  if ([a, b, c, x, y, z].some((n) => Number.isNaN(n))) return installed === range.replace(/^[\^~=]/, '');
  const atLeast = a > x || (a === x && (b > y || (b === y && c >= z)));
  if (range.startsWith('^')) return a === x && (x > 0 || b === y) && atLeast;
  if (range.startsWith('~')) return a === x && b === y && c >= z;
  return installed === range;
}

function installedVersion(name: string): string {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')).version as string) : 'none';
}

/** The old package.json's dependencies that today's node_modules does not satisfy (empty: it can be shared). */
export function unsatisfiedDependencies(dir: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const wanted: Record<string, string> = { ...pkg.dependencies, ...pkg.devDependencies };
  const bad: string[] = [];
  for (const [name, range] of Object.entries(wanted)) {
    const installed = installedVersion(name);
    if (installed === 'none' || !satisfies(installed, range)) bad.push(`${name}@${range} (installed: ${installed})`);
  }
  return bad;
}

/**
 * What starts the old version, as its scripts/start.ts does: its migrations (lib/runtime/migrate), then its own
 * production server (lib/runtime/server: Next's handler over the build, the ingest endpoint on node:http) on PORT.
 */
const LAUNCHER = `// Written by tests/support/old-version.ts: the old version's production start, without the embedded database.
process.env.NODE_ENV = 'production';
const { migrateDeploy } = await import('./lib/runtime/migrate');
const { startServer } = await import('./lib/runtime/server');

console.log('[old] applying migrations');
const t0 = Date.now();
migrateDeploy(process.env.DATABASE_URL!);
console.log('[old] migrations applied in ' + (Date.now() - t0) + ' ms');
const port = Number(process.env.PORT);
await startServer({ dev: false, port, host: '127.0.0.1' });
console.log('[old] listening http://127.0.0.1:' + port);
`;

/**
 * Turbopack compiles only files under its root, and finds node_modules through the symlink to today's: the build's
 * root becomes the directory both are under (the old next.config.ts gets that one setting, nothing else changes).
 */
function allowSharedNodeModules(dir: string): void {
  const file = path.join(dir, 'next.config.ts');
  const text = fs.readFileSync(file, 'utf8');
  const real = fs.realpathSync(path.join(dir, 'node_modules'));
  let common = path.parse(dir).root;
  const a = dir.split(path.sep);
  const b = real.split(path.sep);
  for (let i = 1; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common = path.join(common, a[i]);
  const patched = text.replace(
    /(const nextConfig: NextConfig = \{\n)/,
    `$1  turbopack: { root: ${JSON.stringify(common)} }, // tests/support/old-version.ts\n`,
  );
  if (patched === text)
    throw new Error(`upgrade test: cannot set turbopack.root in ${file}: update allowSharedNodeModules`);
  fs.writeFileSync(file, patched);
}

export type OldVersion = {
  commit: string;
  dir: string;
  preparedMs: number;
  /** How long its `next build` took, when this call built it. */
  buildMs?: number;
  reused: boolean;
  sharedNodeModules: boolean;
};

/**
 * The old version's source tree under os.tmpdir(), keyed by the commit and reused when it is already there: `git
 * archive` of the commit, today's node_modules symlinked when it satisfies the old package.json (else its own `npm
 * install`), its own `prisma generate` (the client goes to its lib/generated, not into node_modules) and its own
 * `next build` (about 1.5 minutes on two busy cores; reused afterwards).
 */
export function prepareOldVersion(rev = OLD_VERSION): OldVersion {
  const started = Date.now();
  const commit = resolveCommit(rev);
  const dir = path.join(os.tmpdir(), `tracker-old-version-${commit}`);
  const ready = path.join(dir, '.tracker-ready');
  // What the cached tree was made with: reused only for the same node_modules (the symlink's target) and the same
  // Prisma (its generated client must match the runtime it loads), else made again.
  const stamp = `${commit} ${root} prisma ${installedVersion('@prisma/client')} ${installedVersion('prisma')} next ${installedVersion('next')}\n`;
  if (fs.existsSync(ready)) {
    const nodeModules = path.join(dir, 'node_modules');
    const sharedNodeModules = fs.lstatSync(nodeModules, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    if (fs.readFileSync(ready, 'utf8') === stamp && (!sharedNodeModules || fs.existsSync(nodeModules))) {
      return { commit, dir, preparedMs: Date.now() - started, reused: true, sharedNodeModules };
    }
  }
  // Made in place (a Next build keeps its directory's path), marked ready last: a half-made tree is made again.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const missing = unsatisfiedDependencies(dir);
    const sharedNodeModules = missing.length === 0;
    if (sharedNodeModules) {
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    } else {
      console.log(`[upgrade] old version needs its own install: ${missing.join(', ')}`);
      execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
        cwd: dir,
        stdio: 'inherit',
        timeout: 600_000,
      });
    }
    execFileSync(path.join(dir, 'node_modules', '.bin', 'prisma'), ['generate'], {
      cwd: dir,
      stdio: 'pipe',
      timeout: 180_000,
    });
    // Its own production build (the app only: the browser library bundle is not needed to serve the API).
    if (sharedNodeModules) allowSharedNodeModules(dir);
    const buildStarted = Date.now();
    const build = spawnSync(path.join(dir, 'node_modules', '.bin', 'next'), ['build'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 600_000,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NODE_OPTIONS: '' },
    });
    if (build.status !== 0) {
      throw new Error(`upgrade test: next build of ${commit} failed:\n${build.stdout}\n${build.stderr}`);
    }
    const buildMs = Date.now() - buildStarted;
    console.log(`[upgrade] built ${commit} in ${buildMs} ms (kept in ${dir})`);
    fs.writeFileSync(path.join(dir, 'upgrade-start.ts'), LAUNCHER);
    fs.writeFileSync(ready, stamp);
    return { commit, dir, preparedMs: Date.now() - started, buildMs, reused: false, sharedNodeModules };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export type RunningOldVersion = { url: string; log: string[]; stop: () => Promise<void> };

/**
 * Starts the old version in its own process group: its migrations on the DATABASE_URL given, then its production
 * server on a free loopback port. Resolves once it is serving (its URL) or rejects with its output.
 */
export async function startOldVersion(
  old: OldVersion,
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<RunningOldVersion> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'upgrade-start.ts'], {
    cwd: old.dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '', NEXT_TELEMETRY_DISABLED: '1', ...env, PORT: String(port) },
  });
  const log: string[] = [];
  let exited: number | null | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`old version did not start in ${timeoutMs} ms:\n${log.join('\n')}`)),
      timeoutMs,
    );
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        log.push(line);
        const m = /^\[old\] listening (http:\/\/\S+)$/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`old version exited (${exited}) before serving:\n${log.join('\n')}`));
    });
  });
  return {
    url,
    log,
    // The whole process group, as a service manager stops it: SIGTERM, then SIGKILL if it lingers.
    stop: async () => {
      if (exited !== undefined) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const killed = await Promise.race([
        gone.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 10_000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        await gone;
      }
    },
  };
}

// `tsx tests/support/old-version.ts` prepares (builds) the old version ahead of the tests: `npm test` runs it before
// vitest, so the build does not run beside the API tests.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const old = prepareOldVersion();
  console.log(
    `[upgrade] old version ${old.commit.slice(0, 7)} ${old.reused ? 'already built' : `built in ${old.preparedMs} ms`}: ${old.dir}`,
  );
}

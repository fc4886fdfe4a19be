// Past one machine (#36): `npm run bench:topology [-- --events 20000]`. Loopback only, with Debian's packages
// (`apt-get install -y postgresql pgbouncer haproxy`):
//   PostgreSQL 15 primary + a streaming replica (pg_basebackup),
//   PgBouncer in transaction mode in front of both,
//   three `npm start` instances (DATABASE_URL and DATABASE_REPLICA_URL through PgBouncer, DATABASE_DIRECT_URL for
//   migrations), and HAProxy in front of them, health-checking /api/health.
// Through HAProxy it runs bench:instances' multi-instance checks (global rate limit, exact quota, alerts once),
// then realistic SDK events while dashboard reads run, and kills one instance (SIGKILL) a third of the way in.
// It prints the events answered 200 and whether every one of them is stored, when HAProxy took the instance
// out, the read p95 and how many reads the replica served, the replica's lag, and the ingest rate of one
// instance alone in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '@/lib/runtime/embedded-db';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { api, log, runBench, signUpBenchUser, startGroup, startInstance, type Instance } from './support/service';
import { CHECK_RATE, fmt, multiInstanceChecks, send } from './support/instance-checks';
import { pct } from './support/load';
import { PGBOUNCER, writePgBouncerConfig } from '../tests/support/pgbouncer';
import { postgresUser } from '../tests/support/postgres-user';

const { values: args } = parseArgs({ options: { events: { type: 'string', default: '20000' } } });
const EVENTS = Number(args.events);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const HAPROXY = '/usr/sbin/haproxy';
const HEALTH_TOKEN = 'topology-health-token';
const CONNECTIONS = 32;
const READERS = 4;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-topology-'));
fs.chmodSync(root, 0o755);
const instances: Instance[] = [];

/** Runs a PostgreSQL tool as the `postgres` user; throws with its output when it fails. */
function asPostgres(cmd: string, argv: string[]): void {
  const res = spawnSync(cmd, argv, { ...postgresUser(), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed:\n${res.stdout}\n${res.stderr}`);
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, values)).rows;
  } finally {
    await c.end();
  }
}

function startPostgres(dir: string, port: number): void {
  const settings = [
    'listen_addresses=localhost',
    'unix_socket_directories=',
    'max_connections=300',
    'shared_buffers=256MB',
    'wal_level=replica',
    'max_wal_senders=5',
  ];
  startGroup({
    cmd: `${PG_BIN}/postgres`,
    args: ['-D', dir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
    env: process.env,
    logFile: path.join(root, `postgres-${port}.log`),
    user: postgresUser(),
  });
}

/** PostgreSQL 15 primary and a streaming replica of it; returns their ports. */
async function startCluster(): Promise<{ primary: number; replica: number }> {
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const { uid, gid } = postgresUser();
  for (const dir of [primaryDir, replicaDir]) {
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, uid, gid);
  }
  asPostgres(`${PG_BIN}/initdb`, ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const primary = await freePort();
  startPostgres(primaryDir, primary);
  const direct = `postgresql://postgres@localhost:${primary}/postgres`;
  await waitFor('primary', async () => (await query(direct, 'SELECT 1')).length === 1);
  await query(direct, 'CREATE DATABASE tracker');
  asPostgres(`${PG_BIN}/pg_basebackup`, [
    '-h',
    'localhost',
    '-p',
    String(primary),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const replica = await freePort();
  startPostgres(replicaDir, replica);
  await waitFor(
    'replica',
    async () =>
      (
        await query<{ r: boolean }>(
          `postgresql://postgres@localhost:${replica}/tracker`,
          'SELECT pg_is_in_recovery() AS r',
        )
      )[0].r,
  );
  return { primary, replica };
}

/** PgBouncer in transaction mode: `tracker` → the primary, `tracker_replica` → the replica. */
async function startPgBouncer(ports: { primary: number; replica: number }): Promise<number> {
  const port = await freePort();
  const dir = path.join(root, 'pgbouncer');
  fs.mkdirSync(dir);
  const ini = writePgBouncerConfig({
    dir,
    port,
    databases: {
      tracker: `postgresql://postgres@localhost:${ports.primary}/tracker`,
      tracker_replica: `postgresql://postgres@localhost:${ports.replica}/tracker`,
    },
    poolSize: 40,
  });
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  startGroup({
    cmd: PGBOUNCER,
    args: [ini],
    env: process.env,
    logFile: path.join(root, 'pgbouncer.log'),
    user: postgresUser(),
  });
  await waitFor(
    'PgBouncer',
    async () => (await query(`postgresql://postgres@127.0.0.1:${port}/tracker`, 'SELECT 1')).length === 1,
  );
  return port;
}

/** HAProxy round-robin over the instances, checking GET /api/health every second (out after 2 failures). */
async function startHaproxy(upstreams: number[]): Promise<{ port: number; statsPort: number }> {
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = path.join(root, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  retries 2',
      '  option redispatch',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      '  default-server inter 1s fall 2 rise 2',
      ...upstreams.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`),
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n'),
  );
  startGroup({ cmd: HAPROXY, args: ['-f', cfg, '-db'], env: process.env, logFile: path.join(root, 'haproxy.log') });
  await waitFor('HAProxy with every instance up', async () =>
    (await serverStates(statsPort)).every(([, s]) => s === 'UP'),
  );
  return { port, statsPort };
}

/** [server name, status] of the app backend's servers, from HAProxy's CSV stats. */
async function serverStates(statsPort: number): Promise<[string, string][]> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  return csv
    .split('\n')
    .map((l) => l.split(','))
    .filter((c) => c[0] === 'app' && c[1]?.startsWith('app'))
    .map((c) => [c[1], c[17]]);
}

async function main() {
  for (const bin of [`${PG_BIN}/pg_basebackup`, PGBOUNCER, HAPROXY]) {
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: apt-get install -y postgresql-15 pgbouncer haproxy`);
  }
  const ports = await startCluster();
  const bouncer = await startPgBouncer(ports);
  const primaryUrl = `postgresql://postgres@localhost:${ports.primary}/tracker`;
  const replicaUrl = `postgresql://postgres@localhost:${ports.replica}/tracker`;
  log(
    `PostgreSQL 15 primary :${ports.primary}, streaming replica :${ports.replica}, PgBouncer (transaction mode) :${bouncer}`,
  );

  const env = {
    DATABASE_DIRECT_URL: primaryUrl,
    DATABASE_REPLICA_URL: `postgresql://postgres@127.0.0.1:${bouncer}/tracker_replica`,
    SESSION_SECRET: 'topology-bench-session-secret-0123456789abcdef',
    HEALTH_TOKEN,
    INGEST_RATE_LIMIT_PER_SECOND: String(CHECK_RATE),
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  const databaseUrl = `postgresql://postgres@127.0.0.1:${bouncer}/tracker`;
  // The first applies the migrations (over the direct URL); the other two find them applied.
  instances.push(await startInstance({ distDir: '.next-bench', env, databaseUrl }));
  instances.push(...(await Promise.all([1, 2].map(() => startInstance({ distDir: '.next-bench', env, databaseUrl })))));
  const lb = await startHaproxy(instances.map((i) => i.port));
  const base = `http://127.0.0.1:${lb.port}`;
  log(`HAProxy on ${base} → instances on ${instances.map((i) => i.port).join(', ')}`);

  // 1. The multi-instance checks of bench:instances, through HAProxy and PgBouncer.
  const checks = await multiInstanceChecks(lb.port, await signUpBenchUser(instances[0]), primaryUrl);

  // 2. Ingest with dashboard reads, one instance killed a third of the way in.
  const user = await signUpBenchUser(instances[0]);
  await query(primaryUrl, `UPDATE organizations SET plan = 'PRO' WHERE id = $1`, [user.orgId]);
  const created = await api({
    base,
    method: 'POST',
    path: '/api/v1/projects',
    body: { name: 'Topology' },
    cookie: user.cookie,
  });
  const project = created.json.data as { id: string; number: number; keys: { publicKey: string }[] };
  await query(primaryUrl, `UPDATE projects SET spike_protection = false WHERE id = $1`, [project.id]);
  await query(primaryUrl, `UPDATE project_keys SET rate_limit_per_minute = 100000000 WHERE project_id = $1`, [
    project.id,
  ]);
  const headers = {
    'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/2.0.0, sentry_key=${project.keys[0].publicKey}`,
  };
  const envelopePath = `/api/${project.number}/envelope/`;
  const events = Array.from({ length: EVENTS }, (_, i) => sdkEvent({ i, n: EVENTS, idPrefix: 'a1' }));
  const bodies = events.map((e) => sentryEnvelope(e.sentry));
  const answered200: string[] = [];
  const victim = instances[2];
  let killedAt = 0;
  let outAfterMs: number | null = null;
  const replicaBefore = (
    await query<{ n: string }>(
      replicaUrl,
      `SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = 'tracker'`,
    )
  )[0].n;

  let loading = true;
  const readLatencies: number[] = [];
  const readErrors = new Map<number, number>();
  const readPaths = [
    `/api/v1/projects/${project.id}/issues`,
    `/api/v1/projects/${project.id}/issues?query=${encodeURIComponent('is:unresolved ValueError')}`,
    `/api/v1/projects/${project.id}/issues?sort=events`,
    `/api/v1/projects/${project.id}/stats?days=7`,
  ];
  const read = async (k: number, latencies: number[]) => {
    const t = performance.now();
    // A read cut off by the kill (its instance died mid-answer) counts as an error, status 0.
    const status = await fetch(base + readPaths[k % readPaths.length], { headers: { cookie: user.cookie } })
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    if (status === 200) latencies.push(performance.now() - t);
    else readErrors.set(status, (readErrors.get(status) ?? 0) + 1);
  };
  const readers = Array.from({ length: READERS }, async (_, r) => {
    for (let k = r; loading; k++) await read(k, readLatencies);
  });
  let maxLag = 0;
  const lagWatch = (async () => {
    while (loading) {
      const detail = await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })
        .then((r) => r.json())
        .catch(() => null);
      maxLag = Math.max(maxLag, detail?.data?.replica?.lagSeconds ?? 0);
      if (killedAt && outAfterMs === null) {
        const states = await serverStates(lb.statsPort).catch(() => []);
        if (states.some(([name, s]) => name === 'app3' && s.startsWith('DOWN'))) outAfterMs = Date.now() - killedAt;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();

  log(
    `${EVENTS} realistic events through HAProxy (${CONNECTIONS} connections) with ${READERS} dashboard readers; instance 3 is killed after ${Math.round(EVENTS / 3)}`,
  );
  const t0 = performance.now();
  let answered = 0;
  const counts = await send({
    port: lb.port,
    path: envelopePath,
    bodies,
    concurrency: CONNECTIONS,
    opts: {
      headers,
      onAnswer: (i, status) => {
        if (status === 200) answered200.push(events[i].sentry.event_id as string);
        if (++answered === Math.round(EVENTS / 3)) {
          killedAt = Date.now();
          process.kill(-victim.child.pid!, 'SIGKILL');
        }
      },
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  loading = false;
  await Promise.all([...readers, lagWatch]);
  const replicaAfter = (
    await query<{ n: string }>(
      replicaUrl,
      `SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = 'tracker'`,
    )
  )[0].n;

  // Every event answered 200 must be stored (batches commit before the answer).
  const stored = new Set(
    (
      await query<{ event_id: string }>(primaryUrl, `SELECT event_id FROM events WHERE project_id = $1`, [project.id])
    ).map((r) => r.event_id.replaceAll('-', '')),
  );
  const lost = answered200.filter((id) => !stored.has(id.replaceAll('-', ''))).length;

  // The same reads with nothing else going on (two instances left).
  const quietLatencies: number[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async (_, r) => {
      for (let k = r; k < 200; k += READERS) await read(k, quietLatencies);
    }),
  );
  quietLatencies.sort((a, b) => a - b);

  // 3. One instance alone, same events (new ids), same run.
  const alone = instances[0];
  const soloEvents = Array.from({ length: EVENTS }, (_, i) =>
    sentryEnvelope(sdkEvent({ i, n: EVENTS, idPrefix: 'b2' }).sentry),
  );
  const s0 = performance.now();
  const solo = await send({
    port: alone.port,
    path: envelopePath,
    bodies: soloEvents,
    concurrency: CONNECTIONS,
    opts: { headers },
  });
  const soloSeconds = (performance.now() - s0) / 1000;

  readLatencies.sort((a, b) => a - b);
  const accepted = counts.get(200) ?? 0;
  console.log('');
  for (const line of checks.lines) console.log(line);
  console.log(
    `ingest through HAProxy (3 instances, one killed): ${fmt(counts)} in ${seconds.toFixed(1)} s = ${(accepted / seconds).toFixed(0)} accepted/s`,
  );
  console.log(
    `  answered 200: ${answered200.length}; stored: ${answered200.length - lost}; lost: ${lost}: ${lost === 0 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `  instance 3 killed after ${Math.round(EVENTS / 3)} answers; HAProxy marked it DOWN ${outAfterMs === null ? 'never (within the run)' : `after ${(outAfterMs / 1000).toFixed(1)} s`}`,
  );
  console.log(
    `dashboard reads during ingest: ${readLatencies.length} ok (errors: ${[...readErrors].map(([k, v]) => `${v} × ${k}`).join(', ') || 'none'}), ` +
      `p50 ${pct(readLatencies, 50).toFixed(1)} ms, p95 ${pct(readLatencies, 95).toFixed(1)} ms`,
  );
  console.log(
    `  the same reads afterwards, without ingest: p50 ${pct(quietLatencies, 50).toFixed(1)} ms, p95 ${pct(quietLatencies, 95).toFixed(1)} ms (${quietLatencies.length} ok)`,
  );
  const replicaTransactions = Number(replicaAfter) - Number(replicaBefore);
  console.log(
    `  replica committed ${replicaTransactions} transactions meanwhile (each read is 1–4 of them, plus about 3 lag probes a second); highest replay lag seen ${maxLag.toFixed(2)} s: ` +
      `reads served by the replica ${replicaTransactions >= readLatencies.length ? 'MET' : 'NOT MET'}`,
  );
  const soloAccepted = solo.get(200) ?? 0;
  console.log(
    `one instance alone, same run: ${(soloAccepted / soloSeconds).toFixed(0)} accepted/s (${fmt(solo)}); through HAProxy: ${(accepted / seconds / (soloAccepted / soloSeconds)).toFixed(2)} × that`,
  );
  console.log(`(2 cores: the three instances, both PostgreSQL servers, PgBouncer, HAProxy and this load share them)`);
}

runBench(main, () => {
  for (const inst of instances) fs.rmSync(inst.dataDir, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

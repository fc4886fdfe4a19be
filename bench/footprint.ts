// Memory footprint (#36): `npm run bench:footprint [-- --rate 1000 --seconds 30]`. Starts the default install
// (`scripts/start.ts` with its embedded PostgreSQL, no configuration) and prints the proportional set size (PSS,
// from /proc/<pid>/smaps_rollup: shared pages split between the processes that map them) of the server and of
// PostgreSQL: idle 20 s after start, then the highest while realistic SDK events arrive at `--rate` a second
// through Sentry envelopes. Targets (#65): both together under 300 MB under load and under 200 MB idle.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { processes } from './support/cpu';
import { load } from './support/load';
import { log, proProject, runBench, startService } from './support/service';

const { values: args } = parseArgs({
  options: { rate: { type: 'string', default: '1000' }, seconds: { type: 'string', default: '30' } },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const TARGET_MB = 300;
const IDLE_TARGET_MB = 200;

const pssMb = (pid: number) => {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/**
 * PSS in MB of the service's node processes (its process group) and of its PostgreSQL: the postmaster whose command
 * line names the service's data directory, and every process below it (backends, checkpointer, WAL writer…).
 */
function pss(groupId: number, dataDir: string): { server: number; postgres: number } {
  const procs = processes();
  const out = { server: 0, postgres: 0 };
  for (const p of procs) if (p.pgid === groupId && !p.comm.startsWith('postgres')) out.server += pssMb(p.pid);
  const postmaster = procs.find((p) => {
    try {
      return p.comm.startsWith('postgres') && fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false;
    }
  });
  if (postmaster) {
    const below = new Set([postmaster.pid]);
    for (let changed = true; changed;) {
      changed = false;
      for (const p of procs) {
        if (below.has(p.pid) || !below.has(p.ppid)) continue;
        below.add(p.pid);
        changed = true;
      }
    }
    for (const pid of below) out.postgres += pssMb(pid);
  }
  return out;
}

const mb = (v: number) => `${v.toFixed(0)} MB`;

async function main() {
  // The default install, with the per-key rate limit out of the way of the load.
  const svc = await startService({ distDir: '.next-bench', env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' } });
  const { sql, project } = await proProject(svc, 'Footprint');
  try {
    log('idle for 20 s');
    await new Promise((r) => setTimeout(r, 20_000));
    const idle = pss(svc.child.pid!, svc.dataDir);
    const path = `/api/${project.number}/envelope/`;
    const headers = {
      'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/1.40.0, sentry_key=${project.keys[0].publicKey}`,
    };
    log(`${RATE} realistic events a second for ${SECONDS} s`);
    let peak = { server: 0, postgres: 0, total: 0 };
    let accepted = 0;
    const t0 = Date.now();
    for (let s = 0; s < SECONDS; s++) {
      const started = Date.now();
      const bodies = Array.from({ length: RATE }, (_, i) =>
        sentryEnvelope(sdkEvent({ i: s * RATE + i, n: SECONDS * RATE, idPrefix: `f${s}` }).sentry),
      );
      const r = await load({ port: svc.port, pathName: path, headers, bodies, opts: { connections: 32 } });
      accepted += r.accepted;
      const now = pss(svc.child.pid!, svc.dataDir);
      if (now.server + now.postgres > peak.total) peak = { ...now, total: now.server + now.postgres };
      const left = 1000 - (Date.now() - started);
      if (left > 0) await new Promise((res) => setTimeout(res, left));
    }
    const rate = accepted / ((Date.now() - t0) / 1000);
    console.log('');
    console.log(
      `idle:       server ${mb(idle.server)} + PostgreSQL ${mb(idle.postgres)} = ${mb(idle.server + idle.postgres)}`,
    );
    console.log(
      `under load: server ${mb(peak.server)} + PostgreSQL ${mb(peak.postgres)} = ${mb(peak.total)} at ${rate.toFixed(0)} accepted events/s (asked ${RATE}/s)`,
    );
    console.log(`target: under ${TARGET_MB} MB under load: ${peak.total < TARGET_MB ? 'MET' : 'NOT MET'}`);
    const idleTotal = idle.server + idle.postgres;
    console.log(`target: under ${IDLE_TARGET_MB} MB idle: ${idleTotal < IDLE_TARGET_MB ? 'MET' : 'NOT MET'}`);
  } finally {
    await sql.end();
  }
}

runBench(main);

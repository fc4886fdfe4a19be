// Mixed traffic (#51): `npm run bench:mixed [-- --steps 25,50,100,200,300,400,500,600,800 --seconds 10 --p95 250
// --apps 8 --warmup 10]`.
// What an instrumented app sends, recorded once from the real @sentry/node (bench/mixed/record.ts: HTTP and
// PostgreSQL integrations, logs on, request sessions on, 1 % of requests throwing), replayed as app requests at a
// rising rate against the production service on a fresh embedded PostgreSQL (PRO plan, no rate limit): per app
// request its trace's span envelope, its log lines (in the SDK's batches of 100 per app instance), its share of the
// request-session aggregates and 1 % of the time its error, with fresh ids and timestamps moved to now. Each step
// holds when every answer is 200, the answers' p95 stays under `--p95` ms and the sender kept the rate (a step that
// does not hold runs once more; the second miss ends the run). Prints per step the app requests/s, each kind's rate
// as read back from the database, CPU per app request of the tracker and of PostgreSQL, and the p95 of four dashboard
// reads made during the step (issue list, trace view, logs search, release health); then bytes stored per app request
// and whether every acknowledged item was stored.
// BENCH_DIST_DIR: the production build's folder (default .next-bench-mixed).
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pgLib from 'pg';
import { AppTraffic, type Send } from './mixed/traffic';
import { cpuPerRequest, sampleCpu } from './support/cpu';
import { pct } from './support/load';
import { log, proProject, runBench, startService, type Service } from './support/service';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '25,50,100,200,300,400,500,600,800' },
    seconds: { type: 'string', default: '10' },
    p95: { type: 'string', default: '250' },
    apps: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '10' },
  },
});
const STEPS = args.steps.split(',').map(Number);
const SECONDS = Number(args.seconds);
const P95_BOUND_MS = Number(args.p95);
const APPS = Number(args.apps);
const WARMUP_SECONDS = Number(args.warmup);
const READ_TARGET_MS = 100;
const READ_PAUSE_MS = 200;
const MAX_IN_FLIGHT = 2000;
const BASELINE_SECONDS = 3;

type Kind = 'transactions' | 'spans' | 'logs' | 'sessions' | 'errors';
const KINDS: Kind[] = ['transactions', 'spans', 'logs', 'sessions', 'errors'];
type Counts = Record<Kind, number>;
const zero = (): Counts => ({ transactions: 0, spans: 0, logs: 0, sessions: 0, errors: 0 });
const CATEGORY: Record<Kind, string> = {
  transactions: 'transaction',
  spans: 'span',
  logs: 'log_item',
  sessions: 'session',
  errors: 'error',
};
// Tables (with their partitions) that one app request's items land in.
const TABLES = [
  'spans',
  'transactions',
  'logs',
  'events',
  'event_ids',
  'issues',
  'issue_hourly_counts',
  'issue_search',
  'issue_tag_keys',
  'issue_tag_values',
  'issue_users',
  'issue_user_counts',
  'project_minute_counts',
  'session_states',
  'session_hourly',
  'session_daily',
  'session_release_users',
  'outcomes',
];

/** Sends envelopes over keep-alive connections, as the SDK's transport does, and keeps what was acknowledged. */
class Sender {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  inFlight = 0;
  latencies: number[] = [];
  statuses = new Map<number | string, number>();
  acked = zero();
  lastTrace = '';
  constructor(
    private port: number,
    private path: string,
  ) {}

  send(s: Send): Promise<void> {
    this.inFlight++;
    const t0 = performance.now();
    return new Promise<void>((resolve) => {
      const done = (status: number | string) => {
        this.inFlight--;
        this.latencies.push(performance.now() - t0);
        this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        if (status === 200) {
          for (const k of KINDS) this.acked[k] += s.items[k];
          if (s.traceId) this.lastTrace = s.traceId;
        }
        resolve();
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: this.path,
          method: 'POST',
          agent: this.agent,
          headers: { ...s.headers, 'content-length': s.body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        },
      );
      req.on('error', (e) => done((e as NodeJS.ErrnoException).code ?? 'error'));
      req.end(s.body);
    });
  }

  /** Answers and statuses since the last call. */
  take() {
    const r = { latencies: this.latencies.sort((a, b) => a - b), statuses: this.statuses };
    this.latencies = [];
    this.statuses = new Map();
    return r;
  }

  close() {
    this.agent.destroy();
  }
}

/** Stored items of the project, read back from the database. */
async function storedCounts(sql: pgLib.Client, projectId: string, projectNumber: number): Promise<Counts> {
  const one = async (q: string, params: unknown[]) => Number((await sql.query(q, params)).rows[0].n ?? 0);
  return {
    transactions: await one(`SELECT count(*) AS n FROM transactions WHERE project_id = $1`, [projectId]),
    spans: await one(`SELECT sum(span_count) AS n FROM spans WHERE project = $1`, [projectNumber]),
    logs: await one(`SELECT count(*) AS n FROM logs WHERE project_id = $1`, [projectId]),
    sessions: await one(`SELECT sum(started) AS n FROM session_hourly WHERE project_id = $1`, [projectId]),
    errors: await one(`SELECT count(*) AS n FROM events WHERE project_id = $1`, [projectId]),
  };
}

/** Items the outcomes table says were not stored (filtered, rate limited, invalid), per kind. */
async function notStored(sql: pgLib.Client, projectId: string): Promise<{ counts: Counts; rows: string[] }> {
  const { rows } = await sql.query(
    `SELECT category, outcome, reason, sum(quantity)::bigint AS n FROM outcomes WHERE project_id = $1 AND outcome <> 'accepted' GROUP BY 1, 2, 3`,
    [projectId],
  );
  const counts = zero();
  for (const r of rows) {
    const kind = KINDS.find((k) => CATEGORY[k] === r.category);
    if (kind) counts[kind] += Number(r.n);
  }
  return { counts, rows: rows.map((r) => `${r.category} ${r.outcome}${r.reason ? ` (${r.reason})` : ''} ×${r.n}`) };
}

/** Bytes of the tables one app request writes to, partitions, TOAST and indexes included. */
async function storedBytes(sql: pgLib.Client): Promise<Map<string, number>> {
  const { rows } = await sql.query(
    `WITH RECURSIVE tree AS (
       SELECT c.oid, c.relname AS root FROM pg_class c
        WHERE c.relname = ANY($1) AND c.relnamespace = 'public'::regnamespace
       UNION ALL
       SELECT i.inhrelid, t.root FROM pg_inherits i JOIN tree t ON i.inhparent = t.oid)
     SELECT root, sum(pg_total_relation_size(oid))::bigint AS bytes FROM tree GROUP BY root`,
    [TABLES],
  );
  return new Map(rows.map((r) => [r.root as string, Number(r.bytes)]));
}

type ReadKind = 'issue list' | 'trace view' | 'logs search' | 'release health';
const READS: ReadKind[] = ['issue list', 'trace view', 'logs search', 'release health'];

/** The four dashboard reads, one after the other with a pause, until stopped; latencies per read since `take`. */
function startReads(svc: Service, projectId: string, sender: Sender) {
  const p = `/api/v1/projects/${projectId}`;
  const urls: Record<ReadKind, () => string> = {
    'issue list': () => `${p}/issues?page=1&limit=25`,
    'trace view': () => `/api/v1/organization/traces/${sender.lastTrace}`,
    'logs search': () => `${p}/logs?query=${encodeURIComponent('orders to Customer 4')}&hours=24&limit=100`,
    'release health': () => `${p}/release-health?days=14`,
  };
  let lat = new Map<ReadKind, number[]>(READS.map((r) => [r, []]));
  const failures: string[] = [];
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      for (const r of READS) {
        if (r === 'trace view' && !sender.lastTrace) continue;
        const t0 = performance.now();
        const res = await fetch(svc.base + urls[r](), { headers: { cookie: svc.cookie } });
        await res.arrayBuffer();
        lat.get(r)!.push(performance.now() - t0);
        if (res.status !== 200) failures.push(`${r}: ${res.status}`);
      }
      await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
    }
  })();
  return {
    take() {
      const out = lat;
      lat = new Map(READS.map((r) => [r, []]));
      for (const v of out.values()) v.sort((a, b) => a - b);
      return out;
    },
    failures,
    async stop() {
      stop = true;
      await loop;
    },
    /** What each read answers once more: the lengths of its lists, so a read that finds nothing shows. */
    async shapes(): Promise<string> {
      const out: string[] = [];
      for (const r of READS) {
        const json = (await (await fetch(svc.base + urls[r](), { headers: { cookie: svc.cookie } })).json()) as {
          data: unknown;
        };
        const lists = Array.isArray(json.data)
          ? [`${json.data.length} items`]
          : Object.entries((json.data ?? {}) as Record<string, unknown>)
              .filter(([, v]) => Array.isArray(v))
              .map(([k, v]) => `${(v as unknown[]).length} ${k}`);
        out.push(`${r}: ${lists.join(', ') || 'no list'}`);
      }
      return out.join('; ');
    },
  };
}

/** Sends `rate` app requests a second for `seconds` (open loop), with the log and session flushes of the SDK. */
async function runStep(traffic: AppTraffic, sender: Sender, rate: number, seconds: number) {
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  let scheduled = 0;
  let sent = 0;
  let overloaded = false;
  let lastLogCheck = 0;
  while (performance.now() - t0 < seconds * 1000) {
    const due = Math.floor(((performance.now() - t0) / 1000) * rate);
    // Past MAX_IN_FLIGHT unanswered envelopes the tracker is not keeping up: the request is skipped, the step fails.
    for (; scheduled < due; scheduled++) {
      if (sender.inFlight > MAX_IN_FLIGHT) {
        overloaded = true;
        continue;
      }
      sent++;
      for (const s of traffic.request()) pending.push(sender.send(s));
    }
    if (performance.now() - lastLogCheck > 1000) {
      lastLogCheck = performance.now();
      for (const s of traffic.flushLogs(false)) pending.push(sender.send(s));
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  // The SDK's aggregates go every 60 s; here at the end of each step, with what the log buffers still hold.
  for (const s of [...traffic.flushLogs(true), ...traffic.flushSessions()]) pending.push(sender.send(s));
  await Promise.all(pending);
  return {
    requested: Math.floor(seconds * rate),
    sent,
    overloaded,
    sendSeconds,
    seconds: (performance.now() - t0) / 1000,
  };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const distDir = process.env.BENCH_DIST_DIR || '.next-bench-mixed';
  const svc = await startService({ distDir, env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' } });
  dataDir = svc.dataDir;
  const { sql, project } = await proProject(svc, 'Mixed bench');
  const traffic = new AppTraffic(project.keys[0].publicKey, APPS);
  const sender = new Sender(
    svc.port,
    `/api/${project.number}/envelope/?sentry_version=7&sentry_key=${project.keys[0].publicKey}&sentry_client=sentry.javascript.node%2F11.12.0`,
  );
  const f = traffic.fixture;
  const group = svc.child.pid!;
  try {
    log(
      `one app request (recorded ${f.recordedAt.slice(0, 10)} from ${f.sdk}): ${fmt(traffic.spansPerRequest, 1)} spans in 1 trace, ${fmt(f.perRequest.logLines, 1)} log lines, ${fmt(f.perRequest.errors * 100, 1)} % errors, session aggregates per app instance (${APPS})`,
    );
    log(`warm-up: ${WARMUP_SECONDS} s at 25 app requests/s`);
    await runStep(traffic, sender, 25, WARMUP_SECONDS);
    sender.take();
    const reads = startReads(svc, project.id, sender);
    const base = {
      acked: { ...sender.acked },
      stored: await storedCounts(sql, project.id, project.number),
      dropped: (await notStored(sql, project.id)).counts,
    };
    const bytesBefore = await storedBytes(sql);
    const results: {
      rate: number;
      held: boolean;
      why: string;
      line: string;
      reads: Map<ReadKind, number[]>;
      requests: number;
      cpuUs: number;
    }[] = [];
    let before = await storedCounts(sql, project.id, project.number);
    // On a shared machine one slow step can be others' work: a step that does not hold runs once more before the
    // bench stops.
    let retried = false;
    for (let i = 0; i < STEPS.length; i++) {
      const rate = STEPS[i];
      log(`step: ${rate} app requests/s for ${SECONDS} s${retried ? ' (again)' : ''}`);
      reads.take();
      const cpu0 = sampleCpu([group]);
      const own0 = process.cpuUsage();
      const step = await runStep(traffic, sender, rate, SECONDS);
      const own = process.cpuUsage(own0);
      const cpu1 = sampleCpu([group]);
      const stepReads = reads.take();
      const after = await storedCounts(sql, project.id, project.number);
      // What the reads and the idle service cost meanwhile, measured with the reads alone, is not the app requests'.
      const t1 = performance.now();
      await new Promise((r) => setTimeout(r, BASELINE_SECONDS * 1000));
      const idle = cpuPerRequest({
        before: cpu1,
        after: sampleCpu([group]),
        groups: { server: group, database: group },
        requests: 1,
      });
      const idleScale = step.seconds / ((performance.now() - t1) / 1000);
      const busy = cpuPerRequest({
        before: cpu0,
        after: cpu1,
        groups: { server: group, database: group },
        requests: 1,
      });
      const perRequest = (busyUs: number, idleUs: number) =>
        Math.max(0, busyUs - idleUs * idleScale) / Math.max(1, step.sent);
      const cpu = {
        serverUs: perRequest(busy.serverUs, idle.serverUs),
        postgresUs: perRequest(busy.postgresUs, idle.postgresUs),
        rawServerUs: busy.serverUs / Math.max(1, step.sent),
        rawPostgresUs: busy.postgresUs / Math.max(1, step.sent),
        machineUs: busy.machineUs / Math.max(1, step.sent),
        senderUs: (own.user + own.system) / Math.max(1, step.sent),
      };
      const answers = sender.take();
      const p95 = pct(answers.latencies, 95);
      const bad = [...answers.statuses].filter(([s]) => s !== 200);
      const why = [
        bad.length ? `answers ${bad.map(([s, n]) => `${s}×${n}`).join(', ')}` : '',
        p95 > P95_BOUND_MS ? `p95 ${fmt(p95)} ms > ${P95_BOUND_MS} ms` : '',
        step.overloaded || step.sent < step.requested * 0.95 ? `sent only ${step.sent} of ${step.requested}` : '',
        step.seconds > SECONDS * 1.5 ? `answers took ${fmt(step.seconds, 1)} s` : '',
      ].filter(Boolean);
      const kinds = KINDS.map((k) => {
        const perSecond = (after[k] - before[k]) / step.seconds;
        return `${k} ${fmt(perSecond, perSecond < 10 ? 1 : 0)}/s`;
      }).join(', ');
      const readP95 = READS.map((r) => `${r} ${fmt(pct(stepReads.get(r)!, 95) ?? NaN, 0)}`).join(', ');
      const line =
        `${String(rate).padStart(5)} app req/s: ${why.length ? 'NOT HELD' : 'held    '} ingest p50 ${fmt(pct(answers.latencies, 50), 1)} ms p95 ${fmt(p95, 1)} ms (${answers.latencies.length} envelopes)\n` +
        `        stored: ${kinds}\n` +
        `        CPU per app request: tracker ${fmt(cpu.rawServerUs)} µs + PostgreSQL ${fmt(cpu.rawPostgresUs)} µs with the step's reads, ${fmt(cpu.serverUs)} + ${fmt(cpu.postgresUs)} µs without (their rate alone after the step taken off); this sender ${fmt(cpu.senderUs)} µs; whole machine ${fmt(cpu.machineUs)} µs\n` +
        `        reads p95 ms: ${readP95} (${READS.every((r) => (pct(stepReads.get(r)!, 95) ?? 0) < READ_TARGET_MS) ? 'all' : 'not all'} < ${READ_TARGET_MS} ms)` +
        (why.length ? `\n        why: ${why.join('; ')}` : '');
      console.log(line);
      results.push({
        rate,
        held: why.length === 0,
        why: why.join('; '),
        line,
        reads: stepReads,
        requests: step.sent,
        cpuUs: cpu.rawServerUs + cpu.rawPostgresUs,
      });
      before = after;
      if (why.length && retried) break;
      if (why.length) i--;
      retried = why.length > 0;
    }
    await reads.stop();
    const readShapes = await reads.shapes();
    // Outcomes are flushed each second.
    await new Promise((r) => setTimeout(r, 2500));
    const bytesAfter = await storedBytes(sql);
    const stored = await storedCounts(sql, project.id, project.number);
    const dropped = await notStored(sql, project.id);
    const requests = results.reduce((s, r) => s + r.requests, 0);

    console.log('');
    console.log(`mixed traffic of an instrumented app (${f.sdk}), steps of ${SECONDS} s, ${APPS} app instances:`);
    for (const r of results) console.log(r.line);
    const held = results.filter((r) => r.held);
    const last = results.at(-1)!;
    const best = held.at(-1);
    const readsOk = (r: (typeof results)[number]) =>
      READS.every((k) => (pct(r.reads.get(k)!, 95) ?? 0) < READ_TARGET_MS);
    const bestReads = held.filter(readsOk).at(-1);
    console.log(
      `absorbed: ${best ? best.rate : 0} app requests/s (highest step held: every answer 200, ingest p95 < ${P95_BOUND_MS} ms, rate kept)` +
        (results.at(-1)?.held ? ' — the last step held too: add higher --steps' : ''),
    );
    // Throughput on a shared machine follows others' load; CPU per app request at the highest step run (where fixed
    // costs weigh least) says what one core would take.
    const cpuStep = last;
    console.log(
      `CPU bound: one core of tracker + PostgreSQL takes ${fmt(1e6 / cpuStep.cpuUs)} app requests/s (${fmt(cpuStep.cpuUs)} µs per app request at ${cpuStep.rate}/s, its reads included)`,
    );
    console.log(
      `with every dashboard read p95 < ${READ_TARGET_MS} ms: ${bestReads ? bestReads.rate : 'no step'} app requests/s`,
    );
    const total = [...bytesAfter.keys()].reduce((s, t) => s + (bytesAfter.get(t)! - (bytesBefore.get(t) ?? 0)), 0);
    const top = [...bytesAfter.keys()]
      .map((t) => [t, bytesAfter.get(t)! - (bytesBefore.get(t) ?? 0)] as const)
      .filter(([, b]) => b > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([t, b]) => `${t} ${fmt(b / requests)}`)
      .join(', ');
    console.log(
      `stored per app request: ${fmt(total / requests)} bytes (${top}), tables with partitions, TOAST and indexes`,
    );
    console.log(
      `read failures during the run: ${reads.failures.length ? reads.failures.slice(0, 5).join(', ') : 'none'}; the reads answer ${readShapes}`,
    );
    console.log('every acknowledged item stored (after the warm-up: acknowledged − counted in outcomes = stored):');
    let ok = true;
    for (const k of KINDS) {
      const acked = sender.acked[k] - base.acked[k];
      const got = stored[k] - base.stored[k];
      const lost = dropped.counts[k] - base.dropped[k];
      const match = got === acked - lost;
      ok &&= match;
      console.log(
        `  ${k.padEnd(13)} acknowledged ${fmt(acked)}, counted as not stored ${fmt(lost)}, stored ${fmt(got)}: ${match ? 'ok' : 'MISMATCH'}`,
      );
    }
    if (dropped.rows.length) console.log(`  outcomes: ${dropped.rows.join(', ')}`);
    if (!ok) throw new Error('acknowledged items missing from the database (see above)');
  } finally {
    sender.close();
    await sql.end();
  }
}

// The run's DATA_DIR (its database: a few hundred MB) goes when the service has stopped; its log file stays.
let dataDir = '';
runBench(main, () => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

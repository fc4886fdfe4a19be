// Closed-loop HTTP load for the ingest benchmarks: POSTs each body once over a pool of keep-alive connections and
// reports accepted/s, latency percentiles and (when given the process groups) CPU per request.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuPerRequest, sampleCpu } from './cpu';

type Cpu = ReturnType<typeof cpuPerRequest>;
export type RunResult = {
  accepted: number;
  errors: Map<number | string, number>;
  latencies: number[];
  seconds: number;
  cpu?: Cpu;
  /** The error-event batches written during the run (the server's /metrics, when the bench reads them). */
  batches?: BatchStats;
};

export type BatchStats = { count: number; items: number; seconds: number };

/**
 * A batch writer's counters from the server's Prometheus text (`METRICS_TOKEN`): batches written, the items in them
 * and the seconds they took. Two readings apart give a run's figures (batchesBetween).
 */
export async function batchCounters(base: string, token: string, writer: string): Promise<BatchStats> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const text = await res.text();
  const read = (name: string) =>
    Number(new RegExp(`^${name}\\{writer="${writer}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    count: read('tracker_ingest_batch_size_count'),
    items: read('tracker_ingest_batch_size_sum'),
    seconds: read('tracker_ingest_batch_seconds_sum'),
  };
}

/** What a writer did between two readings of batchCounters. */
export const batchesBetween = (before: BatchStats, after: BatchStats): BatchStats => ({
  count: after.count - before.count,
  items: after.items - before.items,
  seconds: after.seconds - before.seconds,
});

/** Where CPU time is counted during a run: the answering server's process group and the database's. */
export type CpuGroups = { server: number; database: number };

export async function load({
  port,
  pathName,
  headers,
  bodies,
  opts,
}: {
  port: number;
  pathName: string;
  headers: Record<string, string>;
  bodies: string[];
  opts: { connections: number; groups?: CpuGroups; onAnswer?: (index: number, status: number | string) => void };
}): Promise<RunResult> {
  const { connections, groups, onAnswer } = opts;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const errors = new Map<number | string, number>();
  let accepted = 0;
  let next = 0;
  const one = (body: string) =>
    new Promise<number | string>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathName,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? 'error'));
      req.end(body);
    });
  const cpuBefore = groups && sampleCpu([groups.server, groups.database]);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bodies.length) {
        const index = next++;
        const s = performance.now();
        const status = await one(bodies[index]);
        latencies.push(performance.now() - s);
        if (status === 200) accepted++;
        else errors.set(status, (errors.get(status) ?? 0) + 1);
        onAnswer?.(index, status);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu =
    groups &&
    cpuBefore &&
    cpuPerRequest({
      before: cpuBefore,
      after: sampleCpu([groups.server, groups.database]),
      groups,
      requests: bodies.length,
    });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { accepted, errors, latencies, seconds, cpu };
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Prints one run's line (and its CPU line); returns its accepted/s. */
export function report(label: string, r: RunResult): number {
  const rate = r.accepted / r.seconds;
  const errs = [...r.errors].map(([k, v]) => `${k}×${v}`).join(', ') || 'none';
  console.log(
    `${label.padEnd(30)} ${rate.toFixed(0).padStart(6)} accepted/s   p50 ${pct(r.latencies, 50).toFixed(1).padStart(6)} ms   p99 ${pct(r.latencies, 99).toFixed(1).padStart(6)} ms   ` +
      `(${r.accepted}/${r.latencies.length} in ${r.seconds.toFixed(2)} s, errors: ${errs})`,
  );
  if (r.cpu) {
    const { serverUs, postgresUs, machineUs } = r.cpu;
    console.log(
      `${''.padEnd(30)} CPU per request: server ${serverUs.toFixed(0)} µs + PostgreSQL ${postgresUs.toFixed(0)} µs; whole machine ${machineUs.toFixed(0)} µs`,
    );
  }
  if (r.batches && r.batches.count > 0) {
    const { count, items, seconds } = r.batches;
    console.log(
      `${''.padEnd(30)} batches: ${count} of ${(items / count).toFixed(1)} events on average, ${((seconds / count) * 1000).toFixed(1)} ms each; a batch in flight ${((seconds / r.seconds) * 100).toFixed(0)} % of the run`,
    );
  }
  return rate;
}

/** Accepted per second over several runs together. */
export const rateOf = (runs: RunResult[]) =>
  runs.reduce((sum, r) => sum + r.accepted, 0) / runs.reduce((sum, r) => sum + r.seconds, 0);

/**
 * What a run's measured CPU leaves for the server at a target rate (#65): `cores` give `budgetUs` of CPU a request at
 * `targetRate`; PostgreSQL's and the rest of the machine's (load generator, kernel) per-request CPU, as measured in the
 * run, come out of it first. `postgresCapRate` is the most PostgreSQL's CPU alone allows, whatever the server does;
 * `oneBackendRate` the most one PostgreSQL backend allows.
 * A closed loop saturates before the machine is 100 % busy, so these are upper bounds.
 */
export function ceilingAt(cpu: Cpu, targetRate: number, cores: number) {
  const budgetUs = (cores * 1e6) / targetRate;
  const restUs = Math.max(0, cpu.machineUs - cpu.serverUs - cpu.postgresUs);
  return {
    budgetUs,
    restUs,
    serverBudgetUs: budgetUs - cpu.postgresUs - restUs,
    postgresCapRate: (cores * 1e6) / cpu.postgresUs,
    // One organization's batches take turns on one backend (the usage row's lock): one core's worth.
    oneBackendRate: 1e6 / cpu.postgresUs,
  };
}

/** Prints ceilingAt's line for a run measured against `share` of a plain run's rate. */
export function reportCeiling({
  label,
  run: r,
  plainRate,
  share,
  cores,
}: {
  label: string;
  run: RunResult;
  plainRate: number;
  share: number;
  cores: number;
}): void {
  if (!r.cpu) return;
  const target = plainRate * share;
  const c = ceilingAt(r.cpu, target, cores);
  const us = (v: number) => `${v.toFixed(0)} µs`;
  const pctOf = (rate: number) => `${((rate / plainRate) * 100).toFixed(0)} %`;
  console.log(
    `${label} at ${(share * 100).toFixed(0)} % of plain (${target.toFixed(0)}/s): ${cores} cores give ${us(c.budgetUs)} a request; ` +
      `PostgreSQL's ${us(r.cpu.postgresUs)} and the rest of the machine's ${us(c.restUs)} leave the server ${us(c.serverBudgetUs)} ` +
      `(it spent ${us(r.cpu.serverUs)}); PostgreSQL's CPU alone allows ${c.postgresCapRate.toFixed(0)}/s (${pctOf(c.postgresCapRate)} of plain), ` +
      `and on the one backend an organization's batches take turns on ${c.oneBackendRate.toFixed(0)}/s (${pctOf(c.oneBackendRate)})`,
  );
}

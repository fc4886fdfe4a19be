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
};

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
  return rate;
}

/** Accepted per second over several runs together. */
export const rateOf = (runs: RunResult[]) =>
  runs.reduce((sum, r) => sum + r.accepted, 0) / runs.reduce((sum, r) => sum + r.seconds, 0);

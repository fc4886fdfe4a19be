// Load shapes for the benches that set one kind beside error ingest (bench:profiles): a closed loop (as many bodies
// as a pool of keep-alive connections gets answered in a time), an open loop (each body at its time whatever the
// answers, as SDKs send) and the CPU each side used. The same shapes as bench:replay's own.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { CpuSample } from './cpu';
import type { RunResult } from './load';

export type Sender = { port: number; path: string; headers: Record<string, string> };
export type Scheduled = { atMs: number; body: () => string | Buffer };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function post(s: Sender & { agent: http.Agent }, body: string | Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: s.port,
        path: s.path,
        method: 'POST',
        agent: s.agent,
        headers: { ...s.headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? 'error'));
    req.end(body);
  });
}

function tally(r: RunResult, status: number | string, ms: number) {
  r.latencies.push(ms);
  if (status === 200) r.accepted++;
  else r.errors.set(status, (r.errors.get(status) ?? 0) + 1);
}

const emptyRun = (): RunResult => ({ accepted: 0, errors: new Map(), latencies: [], seconds: 0 });

/** Errors (non-200 answers and failed requests) of some runs together. */
export const failuresOf = (runs: RunResult[]) =>
  runs.reduce((n, r) => n + [...r.errors.values()].reduce((a, b) => a + b, 0), 0);

/**
 * As many bodies as `connections` keep-alive connections get answered in `seconds` (a closed loop); with `count`
 * instead, `count` bodies (next(i) for i below it) as fast as they are answered.
 */
export async function closedLoop(
  opts: Sender & { connections: number; next: (i: number) => string | Buffer } & (
      { seconds: number } | { count: number }
    ),
): Promise<RunResult> {
  const sender = { ...opts, agent: new http.Agent({ keepAlive: true, maxSockets: opts.connections }) };
  const run = emptyRun();
  const t0 = performance.now();
  const deadline = 'seconds' in opts ? t0 + opts.seconds * 1000 : Infinity;
  const count = 'count' in opts ? opts.count : Infinity;
  let i = 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline && i < count) {
        const body = opts.next(i++);
        const s = performance.now();
        tally(run, await post(sender, body), performance.now() - s);
      }
    }),
  );
  run.seconds = (performance.now() - t0) / 1000;
  sender.agent.destroy();
  run.latencies.sort((a, b) => a - b);
  return run;
}

/** Sends each body at its time whatever the answers (an open loop); `lateMs` is how far behind the schedule it sent. */
export async function openLoop(opts: Sender & { schedule: Scheduled[] }) {
  const sender = { ...opts, agent: new http.Agent({ keepAlive: true, maxSockets: 512 }) };
  const run = emptyRun();
  const lateMs: number[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (const item of opts.schedule) {
    const wait = t0 + item.atMs - performance.now();
    if (wait > 1) await sleep(wait);
    const body = item.body();
    const s = performance.now();
    lateMs.push(Math.max(0, s - t0 - item.atMs));
    pending.push(post(sender, body).then((status) => tally(run, status, performance.now() - s)));
  }
  await Promise.all(pending);
  run.seconds = (performance.now() - t0) / 1000;
  sender.agent.destroy();
  run.latencies.sort((a, b) => a - b);
  lateMs.sort((a, b) => a - b);
  return { run, lateMs };
}

/** CPU over a run, in cores: the server's node processes, its PostgreSQL, and the whole machine. */
export function cores({
  before,
  after,
  group,
  seconds,
}: {
  before: CpuSample;
  after: CpuSample;
  group: number;
  seconds: number;
}) {
  const a = after.groups.get(group)!;
  const b = before.groups.get(group)!;
  const ms = seconds * 1000;
  return {
    server: (a.other - b.other) / ms,
    postgres: (a.postgres - b.postgres) / ms,
    machine: (after.total - before.total) / ms,
  };
}

import PgBoss from 'pg-boss';
import type pg from 'pg';
import { ownPool } from '@/lib/pg';
import { QUEUE_OPTIONS, type QueueName } from './queues';
import { logger } from '@/lib/log';

type JobsState = { starting?: Promise<PgBoss>; boss?: PgBoss; workers: Map<QueueName, string[]> };
// On globalThis: instrumentation and route bundles may load separate copies of this module.
const g = globalThis as unknown as { trackerJobs?: JobsState };
const state: JobsState = (g.trackerJobs ??= { workers: new Map() });

/** pg-boss's `db` adapter over a pg pool or one client (a client lets a job insert join a transaction). */
export function jobDb(conn: pg.Pool | pg.PoolClient): PgBoss.Db {
  return { executeSql: (text, values) => conn.query(text, values) };
}

/**
 * pg-boss's own connections. Its workers poll their queues together each second; on the shared pool, a poll that met
 * the ingest path's requests opened new connections, and PostgreSQL kept a backend for each (#65: 20 backends after
 * the first second of bench:footprint's load, 13 once the project number lookup was made once, 6 at steady load).
 * Polls, completions and maintenance queue on these instead. Jobs' own work, and a job inserted inside a
 * transaction, use that work's connection.
 */
const JOB_CONNECTIONS = 2;
export const jobsPool = () => ownPool('jobs', JOB_CONNECTIONS);

/** The one pg-boss instance (schema `pgboss`, on its own pool), started and its queues created on first use. */
export function getBoss(): Promise<PgBoss> {
  state.starting ??= (async () => {
    const boss = new PgBoss({
      db: jobDb(jobsPool()),
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      schedule: true,
    });
    boss.on('error', (err) => logger.error({ err }, '[jobs] pg-boss error'));
    await boss.start();
    for (const [name, options] of Object.entries(QUEUE_OPTIONS)) await boss.createQueue(name, { name, ...options });
    state.boss = boss;
    return boss;
  })().catch((err) => {
    state.starting = undefined;
    throw err;
  });
  return state.starting;
}

export function pollingIntervalSeconds(): number {
  const n = Number(process.env.JOBS_POLL_INTERVAL_SECONDS ?? 1);
  return Number.isFinite(n) && n >= 0.5 ? n : 1;
}

/** Registers a worker on `queue`; stopJobs() removes it. */
export async function work<T extends object>(
  queue: QueueName,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<void> {
  const boss = await getBoss();
  const id = await boss.work<T>(queue, { pollingIntervalSeconds: pollingIntervalSeconds(), ...options }, handler);
  state.workers.set(queue, [...(state.workers.get(queue) ?? []), id]);
}

/** Wakes this process's workers of `queue` so a job just enqueued here starts without waiting for the next poll. */
export function notifyWorkers(queue: QueueName): void {
  for (const id of state.workers.get(queue) ?? []) state.boss?.notifyWorker(id);
}

/** Stops workers (waiting for jobs in flight) and the maintenance timers; the next getBoss() starts afresh. */
export async function stopJobs(): Promise<void> {
  const starting = state.starting;
  state.starting = undefined;
  state.boss = undefined;
  state.workers.clear();
  if (!starting) return;
  const boss = await starting.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: 15_000, close: false });
}

/**
 * Runs a batch's jobs side by side; one that throws is logged and failed alone, for pg-boss to retry, and the rest
 * complete.
 */
export async function eachJob<T extends object>(
  queue: QueueName,
  jobs: PgBoss.Job<T>[],
  run: (data: T) => Promise<void>,
): Promise<void> {
  const boss = await getBoss();
  await Promise.all(
    jobs.map(async (job) => {
      try {
        await run(job.data);
      } catch (err) {
        logger.error({ err, queue, jobId: job.id }, `[jobs] ${queue} job failed`);
        await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) }).catch(() => {});
      }
    }),
  );
}

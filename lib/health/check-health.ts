import { pool } from '@/lib/pg';
// Raw SQL: the probe asks the pool itself, under a timeout, so it reports the pool and not a client above it.
import { safeEqual } from '@/lib/auth/tokens';
import { maxLagSeconds, probeReplica, replicaConfigured } from '@/lib/replica';
import { withTimeout } from '@/lib/timeout';

type Probe = { ok: boolean; latencyMs?: number; error?: string };
/** The read replica, when DATABASE_REPLICA_URL is set: `ok` is false while reads fall back to the primary. */
export type ReplicaHealth = {
  ok: boolean;
  lagSeconds: number | null;
  lagBytes: number | null;
  maxLagSeconds: number;
  error?: string;
};
export type Health = { ok: boolean; database: Probe; queue: Probe & { backlog?: number }; replica?: ReplicaHealth };
export type PublicHealth = { ok: boolean; database: { ok: boolean; latencyMs?: number } };

const TIMEOUT_MS = 2000;

/** Database round trip and the job queue's backlog (jobs waiting to run). Unhealthy when the database is not reachable. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  let database: Probe;
  try {
    await withTimeout(pool().query('SELECT 1'), TIMEOUT_MS);
    database = { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    database = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  let queue: Health['queue'];
  if (!database.ok) queue = { ok: false, error: 'database unreachable' };
  else {
    try {
      const { rows } = await withTimeout(
        pool().query<{ backlog: string | null }>(
          `SELECT CASE WHEN to_regclass('pgboss.job') IS NULL THEN NULL
                  ELSE (SELECT count(*) FROM pgboss.job WHERE state IN ('created', 'retry'))::text END AS backlog`,
        ),
        TIMEOUT_MS,
      );
      queue =
        rows[0].backlog === null
          ? { ok: false, error: 'job queue not started yet' }
          : { ok: true, backlog: Number(rows[0].backlog) };
    } catch (err) {
      queue = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }
  const health: Health = { ok: database.ok, database, queue };
  // A replica that is down or behind only sends reads back to the primary: the service stays healthy.
  if (replicaConfigured()) health.replica = await checkReplica();
  return health;
}

async function checkReplica(): Promise<ReplicaHealth> {
  const s = await probeReplica();
  const replica: ReplicaHealth = {
    ok: s.usable,
    lagSeconds: s.lagSeconds,
    lagBytes: s.lagBytes,
    maxLagSeconds: maxLagSeconds(),
  };
  if (s.error) replica.error = s.error;
  else if (!s.usable)
    replica.error = `replay lag ${s.lagSeconds?.toFixed(1)} s is past REPLICA_MAX_LAG_SECONDS: reads go to the primary`;
  return replica;
}

/** What anyone may see: up or down and the round-trip time, never an error text. */
export function publicHealth(health: Health): PublicHealth {
  const database: PublicHealth['database'] = { ok: health.database.ok };
  if (health.database.latencyMs !== undefined) database.latencyMs = health.database.latencyMs;
  return { ok: health.ok, database };
}

/** The full probe results go to callers that send HEALTH_TOKEN (`Authorization: Bearer …` or `X-Health-Token`). */
export function healthDetailAllowed(headers: Headers): boolean {
  const token = process.env.HEALTH_TOKEN?.trim();
  if (!token) return false;
  const auth = headers.get('authorization');
  const given = headers.get('x-health-token') ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : null);
  return given !== null && safeEqual(given.trim(), token);
}

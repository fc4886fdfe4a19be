import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { createClient, getDb, type Db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { withTimeout } from '@/lib/timeout';
import { logger } from '@/lib/log';

// Read replica routing (DATABASE_REPLICA_URL). The dashboard's heavy reads (lists, charts, search,
// performance, stats) ask readPool()/readDb(); everything else, and every write, stays on the primary.
// A read goes to the replica only when
//  - the replica answered its last lag probe (recently) and is a standby,
//  - its lag is within REPLICA_MAX_LAG_SECONDS (default 10): how long ago the primary first stood at a WAL
//    position the replica has not replayed yet, so an idle primary is no lag and a stalled replica's grows, and
//  - it has replayed the caller's own last write: the route wrapper keeps the primary's WAL position after
//    each write (a cookie for a browser, this process's memory for an API token) and runs the request in a
//    read context carrying it.
// Otherwise the read runs on the primary; one request decides once, so its reads see one database. A read the
// replica fails (it went away between probes, a recovery conflict) is run again on the primary.

export type ReplicaState = {
  /** Answered the last probe, is a standby, and its lag is within the bound: reads may go there. */
  usable: boolean;
  lagSeconds: number | null;
  lagBytes: number | null;
  /** The replica's replay position (LSN as a number of bytes). */
  replayLsn: bigint | null;
  checkedAt: number;
  error?: string;
};

type ReadContext = { minLsn: bigint | null; target?: 'replica' | 'primary' };
type Remembered = { lsn: bigint; expires: number };

const PROBE_TIMEOUT_MS = 2000;
/** Past it a remembered position or cookie no longer matters: a replica within the lag bound has replayed it. */
const MAX_REMEMBERED = 10_000;
const MAX_SAMPLES = 3600;
/** Never reached: a caller whose write position could not be read stays on the primary until its cookie expires. */
const UNKNOWN_POSITION = (1n << 64n) - 1n;

type ReplicaGlobals = {
  replicaPool?: pg.Pool | null;
  replicaDb?: Db;
  probePools?: { primary: pg.Pool; replica: pg.Pool };
  replicaState?: ReplicaState;
  replicaTimer?: NodeJS.Timeout;
  replicaProbing?: Promise<ReplicaState>;
  /** The primary's WAL position each time a probe saw it move: when it first stood past a position. */
  primarySamples?: { at: number; lsn: bigint }[];
  readContext?: AsyncLocalStorage<ReadContext>;
  lastWrites?: Map<string, Remembered>;
};
// On globalThis: route bundles may load separate copies of this module.
const g = globalThis as unknown as ReplicaGlobals;
const readContext = (g.readContext ??= new AsyncLocalStorage<ReadContext>());
const lastWrites = (g.lastWrites ??= new Map<string, Remembered>());

export function replicaConfigured(): boolean {
  return Boolean(process.env.DATABASE_REPLICA_URL?.trim());
}

export function maxLagSeconds(): number {
  const n = Number(process.env.REPLICA_MAX_LAG_SECONDS ?? 10);
  return Number.isFinite(n) && n >= 0 ? n : 10;
}

function probeIntervalMs(): number {
  const n = Number(process.env.REPLICA_PROBE_INTERVAL_MS ?? 1000);
  return Number.isFinite(n) && n >= 100 ? n : 1000;
}

/** `16/B374D848` → bytes. */
export function parseLsn(text: string): bigint | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

const maxLsn = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null || a > b ? a : b);

/** Errors that say the replica itself is unusable (not the query): its connection failed, it is shutting down, or recovery cancelled the read. */
function replicaFault(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e.code && /^(08|57P0|40001|53300|EC|ET|EP|EH)/.test(e.code)) return true;
  return /connect|terminat|timeout|ECONN/i.test(e.message ?? '');
}

/** A state in which reads stay off the replica, and why. */
function unusable(error: string): ReplicaState {
  return { usable: false, lagSeconds: null, lagBytes: null, replayLsn: null, checkedAt: Date.now(), error };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function faulted(err: unknown): void {
  g.replicaState = unusable(`a read failed on the replica and ran on the primary: ${messageOf(err)}`);
}

/**
 * The replica's pool. Its promise-form query (what readPool() callers and Prisma's adapter use) runs a read the
 * replica fails again on the primary, and a fault takes reads off the replica until the next probe says otherwise.
 */
function replicaPool(): pg.Pool | null {
  if (g.replicaPool !== undefined) return g.replicaPool;
  const url = process.env.DATABASE_REPLICA_URL?.trim();
  if (!url) return (g.replicaPool = null);
  const p = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_REPLICA_POOL_MAX ?? process.env.PG_POOL_MAX ?? 20),
    // A replica that stops answering must not hold reads for long.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  p.on('error', (err) => logger.error({ err }, 'pg replica pool error'));
  const query = p.query.bind(p) as (...args: unknown[]) => unknown;
  (p as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return (query(...args) as Promise<unknown>).catch((err: unknown) => {
      if (replicaFault(err)) faulted(err);
      return (pool().query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  };
  return (g.replicaPool = p);
}

/** One connection each to the primary and the replica for the lag probe, apart from the pools busy readers and ingest fill. */
function probePools(): { primary: pg.Pool; replica: pg.Pool } {
  const make = (connectionString: string) => {
    // query_timeout is the client's own: a statement_timeout would be a startup parameter, which PgBouncer refuses.
    const p = new pg.Pool({
      connectionString,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      keepAlive: true,
    });
    p.on('error', () => {});
    return p;
  };
  g.probePools ??= { primary: make(process.env.DATABASE_URL!), replica: make(process.env.DATABASE_REPLICA_URL!) };
  return g.probePools;
}

/** The lag: how long ago the primary first stood past `replayLsn` (0 when the replica has everything the probes saw). */
function lagFrom(primaryLsn: bigint, replayLsn: bigint, now: number): number {
  const samples = (g.primarySamples ??= []);
  if (!samples.length || samples[samples.length - 1].lsn < primaryLsn) samples.push({ at: now, lsn: primaryLsn });
  // Keep the last sample the replica has passed (for the comparison) and every one after it.
  let passed = 0;
  while (passed + 1 < samples.length && samples[passed + 1].lsn <= replayLsn) passed++;
  samples.splice(0, Math.max(passed, samples.length - MAX_SAMPLES));
  const ahead = samples.find((s) => s.lsn > replayLsn);
  return ahead ? (now - ahead.at) / 1000 : 0;
}

/** One lag probe: the primary's WAL position, then the replica's replay position. */
export async function probeReplica(): Promise<ReplicaState> {
  if (!replicaConfigured()) return unusable('no replica configured');
  g.replicaProbing ??= (async (): Promise<ReplicaState> => {
    const probe = probePools();
    try {
      // A second past the pools' own timeouts: waiting for the probe connection counts too.
      const primary = await withTimeout(
        probe.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        PROBE_TIMEOUT_MS + 1000,
      );
      const { rows } = await withTimeout(
        probe.replica.query<{ recovery: boolean; replay: string | null }>(
          'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay',
        ),
        PROBE_TIMEOUT_MS + 1000,
      );
      const now = Date.now();
      const primaryLsn = parseLsn(primary.rows[0].lsn);
      const replayLsn = rows[0].replay ? parseLsn(rows[0].replay) : null;
      if (!rows[0].recovery || replayLsn === null || primaryLsn === null) {
        return unusable('DATABASE_REPLICA_URL is not a standby in recovery');
      }
      const lagSeconds = lagFrom(primaryLsn, replayLsn, now);
      const lagBytes = primaryLsn > replayLsn ? Number(primaryLsn - replayLsn) : 0;
      return { usable: lagSeconds <= maxLagSeconds(), lagSeconds, lagBytes, replayLsn, checkedAt: now };
    } catch (err) {
      return unusable(messageOf(err));
    }
  })()
    .then((state) => (g.replicaState = state))
    .finally(() => {
      g.replicaProbing = undefined;
    });
  return g.replicaProbing;
}

/** Probes every REPLICA_PROBE_INTERVAL_MS from the first routed read on; the timer does not keep the process alive. */
function ensureProbing(): void {
  if (g.replicaTimer) return;
  void probeReplica();
  g.replicaTimer = setInterval(() => void probeReplica(), probeIntervalMs());
  g.replicaTimer.unref();
}

/** Stops probing and closes the replica's pools (tests, shutdown); the next routed read starts afresh. */
export async function closeReplica(): Promise<void> {
  if (g.replicaTimer) clearInterval(g.replicaTimer);
  const pools = [g.replicaPool, g.probePools?.primary, g.probePools?.replica];
  const db = g.replicaDb;
  Object.assign(g, {
    replicaTimer: undefined,
    replicaState: undefined,
    replicaPool: undefined,
    replicaDb: undefined,
    probePools: undefined,
    primarySamples: undefined,
  });
  lastWrites.clear();
  await db?.$disconnect().catch(() => {});
  await Promise.all(pools.map((p) => p?.end().catch(() => {})));
}

/** The last probe's result (null before the first), for /api/health and /metrics. */
export function replicaState(): ReplicaState | null {
  return g.replicaState ?? null;
}

function replicaAllowed(atLeast: bigint | null): boolean {
  if (!replicaConfigured()) return false;
  ensureProbing();
  const s = g.replicaState;
  if (!s?.usable || s.replayLsn === null || Date.now() - s.checkedAt > Math.max(5000, 3 * probeIntervalMs()))
    return false;
  const minLsn = maxLsn(readContext.getStore()?.minLsn ?? null, atLeast);
  return minLsn === null || s.replayLsn >= minLsn;
}

/** Replica or primary for this read; inside a request the first read decides for all of them. */
function mayReadReplica(atLeast: bigint | null): boolean {
  const ctx = readContext.getStore();
  if (ctx?.target && atLeast === null) return ctx.target === 'replica';
  const replica = replicaAllowed(atLeast);
  if (ctx && atLeast === null) ctx.target = replica ? 'replica' : 'primary';
  return replica;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** Where a heavy dashboard read runs: the replica when it may, else the primary. `atLeast`: a WAL position it must have replayed. */
export function readPool(atLeast: bigint | null = null): Queryable {
  return mayReadReplica(atLeast) ? (replicaPool() ?? pool()) : pool();
}

/**
 * readPool's pool itself, for a heavy read that needs a session of its own (a read-only transaction with its own
 * statement timeout, lib/explore). Without the replica's retry on the primary: the caller answers a failure.
 */
export function readSessionPool(): pg.Pool {
  return mayReadReplica(null) ? (replicaPool() ?? pool()) : pool();
}

/** The Prisma client for a heavy dashboard read: over the replica when it may, else the primary's. */
export function readDb(): Db {
  if (!mayReadReplica(null)) return getDb();
  g.replicaDb ??= createClient(new PrismaPg(replicaPool()!));
  return g.replicaDb;
}

/** Runs `fn` with reads held to what has replayed `minLsn` (the caller's last write), if any. */
export function withReadContext<T>(minLsn: bigint | null, fn: () => Promise<T>): Promise<T> {
  return readContext.run({ minLsn }, fn);
}

/**
 * The primary's WAL position now: after a write commits, a read that must see it waits for the replica to pass
 * this. The insert position, never behind the commit record even with asynchronous commit.
 */
export async function primaryWalPosition(): Promise<bigint | null> {
  const { rows } = await pool().query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return parseLsn(rows[0].lsn);
}

// Read-your-writes. A browser carries its last write's WAL position in a cookie, so its next page sees the
// write whichever instance serves it. An API token's is kept in this process: behind a balancer another
// instance may serve its next read from a replica up to REPLICA_MAX_LAG_SECONDS behind.
export const WRITE_POSITION_COOKIE = 'tracker_wal';

/** How long a write position matters: a replica within the lag bound has replayed it by then. */
function positionTtlSeconds(): number {
  return Math.max(60, Math.ceil(maxLagSeconds() * 2));
}

/** The WAL position the caller's reads must have replayed: the later of its cookie and its token's last write here. */
export function callerWritePosition(cookieValue: string | undefined, tokenId: string | undefined): bigint | null {
  const fromCookie = cookieValue ? parseLsn(cookieValue) : null;
  const remembered = tokenId ? lastWrites.get(tokenId) : undefined;
  return maxLsn(fromCookie, remembered && remembered.expires > Date.now() ? remembered.lsn : null);
}

/**
 * After a caller's write: the position its next reads need (never before `atLeast`, what it already needed, so
 * answers arriving out of order cannot move it back), remembered for its token if it used one. When the primary
 * cannot say, the caller reads from the primary until the position expires; the write itself stands.
 */
export async function noteWrite(tokenId: string | undefined, atLeast: bigint | null): Promise<bigint> {
  const now = await primaryWalPosition().catch((err: unknown) => {
    logger.warn({ err }, 'could not read the WAL position after a write: reads stay on the primary');
    return UNKNOWN_POSITION;
  });
  const lsn = maxLsn(now, atLeast) ?? UNKNOWN_POSITION;
  if (tokenId) {
    lastWrites.delete(tokenId);
    if (lastWrites.size >= MAX_REMEMBERED) lastWrites.delete(lastWrites.keys().next().value!);
    lastWrites.set(tokenId, { lsn, expires: Date.now() + positionTtlSeconds() * 1000 });
  }
  return lsn;
}

/** The cookie a browser keeps after its write. */
export function writePositionCookie(lsn: bigint, secure: boolean): string {
  const parts = [
    `${WRITE_POSITION_COOKIE}=${formatLsn(lsn)}`,
    'HttpOnly',
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${positionTtlSeconds()}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

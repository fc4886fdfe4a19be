import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { createClient, getDb, type Db } from '@/lib/db';
import { pool, replicaPool } from '@/lib/pg';

// Read replica routing (DATABASE_REPLICA_URL). The dashboard's heavy reads (lists, charts, search,
// performance, stats) ask readPool()/readDb(); everything else, and every write, stays on the primary.
// A read goes to the replica only when
//  - the replica answered its last lag probe (at most PROBE_STALE_MS ago) and is in recovery,
//  - its replay lag is within REPLICA_MAX_LAG_SECONDS (default 10), and
//  - it has replayed the caller's own last write: the route wrapper keeps the primary's WAL position after
//    each write (a cookie for a browser, this process's memory for an API token) and runs the request in a
//    read context carrying it.
// Otherwise the read falls back to the primary.

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

type ReadContext = { minLsn: bigint | null };

const PROBE_INTERVAL_MS = 1000;
const PROBE_STALE_MS = 5000;
const PROBE_TIMEOUT_MS = 2000;

type ReplicaGlobals = {
  replicaState?: ReplicaState;
  replicaTimer?: NodeJS.Timeout;
  replicaProbing?: Promise<ReplicaState>;
  replicaDb?: Db;
  readContext?: AsyncLocalStorage<ReadContext>;
  lastWrites?: Map<string, bigint>;
};
// On globalThis: route bundles may load separate copies of this module.
const g = globalThis as unknown as ReplicaGlobals;
const readContext = (g.readContext ??= new AsyncLocalStorage<ReadContext>());

export function replicaConfigured(): boolean {
  return Boolean(process.env.DATABASE_REPLICA_URL?.trim());
}

export function maxLagSeconds(): number {
  const n = Number(process.env.REPLICA_MAX_LAG_SECONDS ?? 10);
  return Number.isFinite(n) && n >= 0 ? n : 10;
}

/** `16/B374D848` → bytes. */
export function parseLsn(text: string): bigint | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS).unref()),
  ]);
}

/** One lag probe: the primary's WAL position, then the replica's replay position and last replayed commit. */
export async function probeReplica(): Promise<ReplicaState> {
  const replica = replicaPool();
  if (!replica) return { usable: false, lagSeconds: null, lagBytes: null, replayLsn: null, checkedAt: Date.now(), error: 'no replica configured' };
  g.replicaProbing ??= (async (): Promise<ReplicaState> => {
    try {
      const primary = await withTimeout(pool().query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'));
      const { rows } = await withTimeout(
        replica.query<{ recovery: boolean; replay: string | null; since: number | null }>(
          `SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay,
                  extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 AS since`,
        ),
      );
      const r = rows[0];
      const primaryLsn = parseLsn(primary.rows[0].lsn);
      const replayLsn = r.replay ? parseLsn(r.replay) : null;
      if (!r.recovery || replayLsn === null || primaryLsn === null) {
        return { usable: false, lagSeconds: null, lagBytes: null, replayLsn: null, checkedAt: Date.now(), error: 'DATABASE_REPLICA_URL is not a standby in recovery' };
      }
      const lagBytes = primaryLsn > replayLsn ? Number(primaryLsn - replayLsn) : 0;
      // Caught up: no lag, however long ago the last write was. Behind: the age of the last commit it replayed.
      const lagSeconds = lagBytes === 0 ? 0 : Math.max(0, Number(r.since ?? Number.POSITIVE_INFINITY));
      return { usable: lagSeconds <= maxLagSeconds(), lagSeconds, lagBytes, replayLsn, checkedAt: Date.now() };
    } catch (err) {
      return { usable: false, lagSeconds: null, lagBytes: null, replayLsn: null, checkedAt: Date.now(), error: err instanceof Error ? err.message : String(err) };
    }
  })()
    .then((state) => (g.replicaState = state))
    .finally(() => {
      g.replicaProbing = undefined;
    });
  return g.replicaProbing;
}

/** Probes every second from the first replica read on; the timer does not keep the process alive. */
function ensureProbing(): void {
  if (g.replicaTimer) return;
  void probeReplica();
  g.replicaTimer = setInterval(() => void probeReplica(), PROBE_INTERVAL_MS);
  g.replicaTimer.unref();
}

export function stopReplicaProbe(): void {
  if (g.replicaTimer) clearInterval(g.replicaTimer);
  g.replicaTimer = undefined;
  g.replicaState = undefined;
}

/** The last probe's result (null before the first), for /api/health. */
export function replicaState(): ReplicaState | null {
  return g.replicaState ?? null;
}

function replicaAllowed(): boolean {
  if (!replicaConfigured()) return false;
  ensureProbing();
  const s = g.replicaState;
  if (!s?.usable || s.replayLsn === null || Date.now() - s.checkedAt > PROBE_STALE_MS) return false;
  const minLsn = readContext.getStore()?.minLsn ?? null;
  return minLsn === null || s.replayLsn >= minLsn;
}

/** Where a heavy dashboard read runs: the replica when it may, else the primary. */
export function readPool(): pg.Pool {
  return replicaAllowed() ? (replicaPool() ?? pool()) : pool();
}

/** The Prisma client for a heavy dashboard read: over the replica when it may, else the primary's. */
export function readDb(): Db {
  if (!replicaAllowed()) return getDb();
  g.replicaDb ??= createClient(new PrismaPg(replicaPool()!));
  return g.replicaDb;
}

/** Runs `fn` with reads held to what has replayed `minLsn` (the caller's last write), if any. */
export function withReadContext<T>(minLsn: bigint | null, fn: () => Promise<T>): Promise<T> {
  return readContext.run({ minLsn }, fn);
}

/** The primary's WAL position now: after a write commits, a read that must see it waits for the replica to pass this. */
export async function primaryWalPosition(): Promise<bigint | null> {
  const { rows } = await pool().query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return parseLsn(rows[0].lsn);
}

// Read-your-writes. A browser carries its last write's WAL position in a cookie, so its next page sees the
// write whichever instance serves it. An API token's is kept in this process: behind a balancer another
// instance may serve its next read from a replica up to REPLICA_MAX_LAG_SECONDS behind.
export const WRITE_POSITION_COOKIE = 'tracker_wal';
const MAX_REMEMBERED = 10_000;
const lastWrites = (g.lastWrites ??= new Map<string, bigint>());

/** The WAL position the caller's reads must have replayed: the later of its cookie and its token's last write here. */
export function callerWritePosition(cookieValue: string | undefined, tokenId: string | undefined): bigint | null {
  const fromCookie = cookieValue ? parseLsn(cookieValue) : null;
  const remembered = tokenId ? (lastWrites.get(tokenId) ?? null) : null;
  if (fromCookie === null) return remembered;
  return remembered === null || fromCookie > remembered ? fromCookie : remembered;
}

/** After a caller's write: the primary's position now, remembered for its token if it used one. */
export async function noteWrite(tokenId: string | undefined): Promise<bigint | null> {
  const lsn = await primaryWalPosition();
  if (lsn !== null && tokenId) {
    if (lastWrites.size >= MAX_REMEMBERED) lastWrites.clear();
    lastWrites.set(tokenId, lsn);
  }
  return lsn;
}

/** The cookie a browser keeps after its write; past the lag bound reads leave the replica anyway, so it need not outlive it by much. */
export function writePositionCookie(lsn: bigint, secure: boolean): string {
  const maxAge = Math.max(60, Math.ceil(maxLagSeconds() * 2));
  const parts = [`${WRITE_POSITION_COOKIE}=${formatLsn(lsn)}`, 'HttpOnly', 'Path=/', 'SameSite=Lax', `Max-Age=${maxAge}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

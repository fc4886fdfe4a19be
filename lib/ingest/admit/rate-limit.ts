import { env } from '@/lib/env';
import { pool } from '@/lib/pg';
import { withDbRetry } from '@/lib/db-retry';
// Raw SQL: the token bucket is refilled and taken in one atomic statement, on the ingest hot path.

// Per-key token bucket held in PostgreSQL, so the limit is global across instances: refills at
// INGEST_RATE_LIMIT_PER_SECOND tokens per second up to a burst of ten times that. Each instance leases half
// a second's worth of tokens at a time and spends them locally, so the hot path takes one SQL
// round trip per lease, not per event; a lease unspent after a second is dropped, never given twice.
const BURST_FACTOR = 10;
const LEASE_SECONDS = 0.5;
const LEASE_LIFE_MS = 1000;

type Local = {
  tokens: number;
  expiresAt: number;
  dryUntil: number;
  demand: number;
  rate?: number;
  leasing?: Promise<void>;
};

/** A bucket's refill rate (tokens a second) and size; by default the server's per-key rate and ten times it. */
export type BucketShape = { rate: number; capacity: number };

export type IngestLimiter = {
  /** Takes `count` tokens (one per row a request stores), or none and false when fewer are left. */
  reserve(key: string, count?: number, shape?: BucketShape): Promise<boolean>;
};

/** The server's default shape for an ingest key: INGEST_RATE_LIMIT_PER_SECOND, a burst of ten seconds. */
export function defaultShape(): BucketShape {
  return { rate: env.ingestRateLimitPerSecond, capacity: env.ingestRateLimitPerSecond * BURST_FACTOR };
}

/** A key's own limit of `perMinute` events: a burst of one minute's worth. */
export function perMinuteShape(perMinute: number): BucketShape {
  return { rate: perMinute / 60, capacity: perMinute };
}

/** Leases up to `want` whole tokens from the shared bucket; returns how many were granted. */
async function lease(key: string, want: number, rate: number, capacity: number): Promise<number> {
  // X = the bucket after refilling; granted = what was asked, or a quarter of X when that is more (so a burst
  // needs few round trips), never more than X. Instances on one bucket never get more than it holds.
  const { rows } = await pool().query<{ granted: number }>(
    `WITH x AS (
       SELECT coalesce((SELECT least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8)
                        FROM rate_limit_buckets b WHERE b.key = $1), $2::float8) AS available
     )
     INSERT INTO rate_limit_buckets AS b (key, tokens, granted, updated_at)
     SELECT $1, available - g, g, now()
     FROM (SELECT available, least(floor(available), greatest($3::float8, floor(available / 4)))::int AS g FROM x) t
     ON CONFLICT (key) DO UPDATE SET
       granted = least(floor(least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8)),
                       greatest($3::float8, floor(least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8) / 4)))::int,
       tokens = least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8)
              - least(floor(least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8)),
                      greatest($3::float8, floor(least($2::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $4::float8) / 4))),
       updated_at = now()
     RETURNING granted`,
    [key, capacity, want, rate],
  );
  return rows[0].granted;
}

/** A limiter with its own local leases (one per process; tests make several to stand for instances). */
export function createIngestLimiter(): IngestLimiter {
  const locals = new Map<string, Local>();

  function spend(local: Local, count: number, now: number): boolean {
    if (local.expiresAt <= now) local.tokens = 0;
    if (local.tokens < count) return false;
    local.tokens -= count;
    return true;
  }

  async function refill(key: string, local: Local, shape: BucketShape): Promise<void> {
    const { rate, capacity } = shape;
    // Enough for every request waiting on this lease, at least half a second's worth, at most the burst.
    const want = Math.max(1, Math.min(Math.floor(capacity), Math.max(local.demand, Math.ceil(rate * LEASE_SECONDS))));
    local.demand = 0;
    // A failover (#50): the lease waits for the primary; one whose answer was lost only takes tokens never spent.
    const granted = await withDbRetry(() => lease(key, want, rate, capacity), {
      ambiguous: 'retry',
      what: 'rate-limit lease',
    });
    const now = performance.now();
    if (local.expiresAt <= now) local.tokens = 0;
    local.tokens += granted;
    local.expiresAt = now + LEASE_LIFE_MS;
    // The shared bucket ran dry: refuse locally until enough has refilled, instead of asking per request.
    if (granted < want) local.dryUntil = now + ((want - granted) / rate) * 1000;
  }

  return {
    async reserve(key, count = 1, shape = defaultShape()) {
      if (count <= 0) return true;
      let local = locals.get(key);
      if (!local) locals.set(key, (local = { tokens: 0, expiresAt: 0, dryUntil: 0, demand: 0 }));
      const l = local;
      // A key whose limit changed: the wait computed at the old rate no longer holds.
      if (l.rate !== shape.rate) {
        l.rate = shape.rate;
        l.dryUntil = 0;
      }
      for (;;) {
        if (spend(l, count, performance.now())) return true;
        if (count > shape.capacity || l.dryUntil > performance.now()) return false;
        // One lease at a time per key, sized for every request that arrived before it went out.
        l.demand += count;
        l.leasing ??= Promise.resolve()
          .then(() => refill(key, l, shape))
          .finally(() => (l.leasing = undefined));
        await l.leasing;
      }
    },
  };
}

const g = globalThis as unknown as { trackerIngestLimiter?: IngestLimiter };

/** This process's limiter for ingest keys. */
export function reserveIngestTokens(key: string, count = 1, shape?: BucketShape): Promise<boolean> {
  g.trackerIngestLimiter ??= createIngestLimiter();
  return g.trackerIngestLimiter.reserve(key, count, shape);
}

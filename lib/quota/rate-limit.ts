import { env } from '@/lib/env';

type Bucket = { tokens: number; at: number };

const BURST_FACTOR = 10;
const g = globalThis as unknown as { trackerIngestBuckets?: Map<string, Bucket> };
const buckets = (g.trackerIngestBuckets ??= new Map());

/**
 * Per-key token bucket, in memory (per instance): refills at INGEST_RATE_LIMIT_PER_SECOND tokens per
 * second up to a burst of ten times that. Returns false when the request must be refused.
 */
export function takeIngestToken(key: string, now = performance.now()): boolean {
  return takeIngestTokens(key, 1, now);
}

/** Takes `count` tokens at once (one per row a request stores), or none when fewer are left. */
export function takeIngestTokens(key: string, count: number, now = performance.now()): boolean {
  if (count <= 0) return true;
  const rate = env.ingestRateLimitPerSecond;
  const capacity = rate * BURST_FACTOR;
  const b = buckets.get(key);
  if (!b) {
    if (count > capacity) return false;
    buckets.set(key, { tokens: capacity - count, at: now });
    return true;
  }
  b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  if (b.tokens < count) return false;
  b.tokens -= count;
  return true;
}

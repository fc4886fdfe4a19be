import { clock } from '@/lib/clock';
import { MAX_FUTURE_SKEW_MS } from '@/lib/ingest/items/events';

const DAY_MS = 86_400_000;

/** Percentiles and vitals are computed over at most this many of the window's most recent transactions. */
export const PERFORMANCE_SAMPLE_SIZE = 5000;

/** The last `days` days up to now, on the envelope timestamp. */
export function performanceWindow(days: number): { since: Date; until: Date } {
  const until = clock.now();
  return { since: new Date(until.getTime() - days * DAY_MS), until };
}

/**
 * The earliest receipt time a transaction that occurred at or after `since` can have: ingest stores an
 * occurrence time at most MAX_FUTURE_SKEW_MS ahead of the receipt. Bounding `received_at` by it prunes the
 * day partitions older than the window without changing the answer.
 */
export function receivedFloor(since: Date): Date {
  return new Date(since.getTime() - MAX_FUTURE_SKEW_MS);
}

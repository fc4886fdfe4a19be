import { clock } from '@/lib/clock';

const DAY_MS = 86_400_000;

/** Percentiles and vitals are computed over at most this many of the window's most recent transactions. */
export const PERFORMANCE_SAMPLE_SIZE = 5000;

/** The last `days` days up to now, on the envelope timestamp. */
export function performanceWindow(days: number): { since: Date; until: Date } {
  const until = clock.now();
  return { since: new Date(until.getTime() - days * DAY_MS), until };
}

import { clock } from '@/lib/clock';
import type { ChartBucket, TransactionPeriod } from '@/lib/zod/performance';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each range and the bucket of its chart: a short range by the minute, a day or a week by the hour. */
export const PERIODS: Record<TransactionPeriod, { ms: number; bucket: ChartBucket }> = {
  '1h': { ms: HOUR, bucket: 'minute' },
  '24h': { ms: DAY, bucket: 'hour' },
  '7d': { ms: 7 * DAY, bucket: 'hour' },
  '14d': { ms: 14 * DAY, bucket: 'day' },
  '30d': { ms: 30 * DAY, bucket: 'day' },
};

export const BUCKET_MS: Record<ChartBucket, number> = { minute: MINUTE, hour: HOUR, day: DAY };

/** The range up to now, on the envelope timestamp like the spec's `days` window. */
export function periodWindow(period: TransactionPeriod): { since: Date; until: Date; bucket: ChartBucket } {
  const until = clock.now();
  const { ms, bucket } = PERIODS[period];
  return { since: new Date(until.getTime() - ms), until, bucket };
}

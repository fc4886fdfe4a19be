import type { VitalName } from '@/lib/zod/performance';

const ms = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const cls = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

export const formatMs = (value: number) => `${ms.format(value)} ms`;

/** LCP, FCP and TTFB are milliseconds; CLS is a unitless score. */
export const formatVital = (name: VitalName, value: number) => (name === 'cls' ? cls.format(value) : formatMs(value));

export const formatCount = (value: number) => value.toLocaleString('en-US');

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A share in [0, 1] as "12.5%". */
export const formatPercent = (share: number) => percent.format(share);

/** A rate with at most two decimals; a trickle above zero reads "<0.01" rather than a misleading 0. */
const formatRate = (value: number) => (value > 0 && value < 0.005 ? '<0.01' : rate.format(value));

/** Transactions per minute as a rate in the chart's unit: per minute for the last hour, per hour beyond it. */
export function formatThroughput(perMinute: number, unit: 'minute' | 'hour'): string {
  return unit === 'minute' ? `${formatRate(perMinute)} / min` : `${formatRate(perMinute * 60)} / h`;
}

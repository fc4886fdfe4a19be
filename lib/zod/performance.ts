import { z } from 'zod';
import { clampedInt } from './query';

/** Beside the spec's `days`: `environment` (an empty value means every environment). */
export const performanceQuery = z.object({
  days: clampedInt(7, 1, 30),
  environment: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : undefined),
    z.string().optional(),
  ),
});

export type VitalRating = 'good' | 'needs-improvement' | 'poor';
export type VitalName = 'lcp' | 'cls' | 'fcp' | 'ttfb';

/** `failureRate` (share of `count` whose status is not `ok`) and `throughput` (per minute) are beyond the spec. */
export type TransactionGroup = {
  name: string;
  count: number;
  p50: number;
  p75: number;
  p95: number;
  lastSeen: string;
  failureRate: number;
  throughput: number;
};
export type VitalResult = { p75: number; rating: VitalRating; samples: number } | null;
export type WebVitals = { vitals: Record<VitalName, VitalResult>; sampleCount: number };

/** The transaction page's ranges; each picks its chart bucket (see PERIODS in lib/performance/transaction-period). */
export const TRANSACTION_PERIODS = ['1h', '24h', '7d', '14d', '30d'] as const;
export type TransactionPeriod = (typeof TRANSACTION_PERIODS)[number];
export type ChartBucket = 'minute' | 'hour' | 'day';

export const environmentQuery = z
  .string()
  .min(1, 'Environment must not be empty')
  .max(200, 'Environment must be at most 200 characters')
  .optional();

/** Unlike the spec's `days`, these are new: a value out of place is a 400, not a silent default. */
export const transactionQuery = z.object({
  period: z
    .enum(TRANSACTION_PERIODS, { message: `Period must be one of ${TRANSACTION_PERIODS.join(', ')}` })
    .default('24h'),
  environment: environmentQuery,
});

/** The name is one path segment (URL-encoded, so it may hold slashes and spaces); too long names nothing. */
export const transactionParams = z.object({ projectId: z.string().min(1), name: z.string().min(1).max(200) });

export type Percentiles = { p50: number; p75: number; p95: number; p99: number };
export type TransactionBucket = { start: string; count: number; failures: number } & {
  [K in keyof Percentiles]: number | null;
};
export type TransactionSample = {
  id: string;
  timestamp: string;
  duration: number;
  status: string;
  traceId: string | null;
  release: string | null;
  environment: string | null;
};
export type TransactionDetail = {
  name: string;
  period: TransactionPeriod;
  environment: string | null;
  since: string;
  until: string;
  bucket: ChartBucket;
  /** Every transaction of the name in the range. */
  count: number;
  failures: number;
  /** Share of `count` whose status is not `ok` (0 when there are none). */
  failureRate: number;
  /** Transactions per minute over the whole range. */
  throughput: number;
  /** percentile_cont over the range's most recent 5,000 transactions of the name, as the list computes them; null without any. */
  percentiles: Percentiles | null;
  sampleCount: number;
  lastSeen: string | null;
  series: TransactionBucket[];
  slowest: TransactionSample[];
  vitals: WebVitals;
};

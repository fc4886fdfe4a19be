// Insights (#62): the Queries, Outbound HTTP, Caches and Queues pages' query and answers. A range as Sentry's
// Insights take it (`statsPeriod`), one of a few; a value out of place is a 400, not a silent default.
import { z } from 'zod';
import { environmentQuery } from './performance';

export const INSIGHT_PERIODS = ['1h', '24h', '7d', '14d', '30d'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export const insightsQuery = z.object({
  statsPeriod: z
    .enum(INSIGHT_PERIODS, { message: `statsPeriod must be one of ${INSIGHT_PERIODS.join(', ')}` })
    .default('24h'),
  environment: environmentQuery,
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** The range an answer covers: its ends and its length in minutes (throughput is per minute over it). */
export type InsightsRange = { statsPeriod: InsightPeriod; since: string; until: string; minutes: number };

/** A sample span: its trace, the span, how long it took and in which transaction. */
export type InsightSample = { traceId: string; spanId: string; durationMs: number; transaction: string | null };

export type QueryRow = {
  /** The span group's hash (16 hex digits): `span.group` in Explore. */
  group: string;
  op: string;
  /** The normalised statement (literals replaced). */
  statement: string;
  count: number;
  /** Spans a minute, averaged over the range. */
  throughput: number;
  avgMs: number;
  p95Ms: number;
  totalMs: number;
  /** Share of all database time in the range. */
  timeShare: number;
  transactions: { name: string | null; count: number }[];
  samples: InsightSample[];
};
export type QueriesAnswer = InsightsRange & { totalMs: number; spans: number; rows: QueryRow[] };

export type HttpStats = {
  count: number;
  throughput: number;
  errors: number;
  errorRate: number;
  p95Ms: number;
  avgMs: number;
};
export type HttpRow = HttpStats & { host: string; method: string; path: string };
export type HttpAnswer = InsightsRange & { hosts: (HttpStats & { host: string })[]; rows: HttpRow[] };

export type CacheStats = { count: number; throughput: number; hits: number; hitRate: number | null; avgMs: number };
export type CacheAnswer = InsightsRange & { total: CacheStats; rows: (CacheStats & { transaction: string | null })[] };

export type QueueRow = {
  destination: string | null;
  published: number;
  processed: number;
  /** Published and processed messages a minute. */
  throughput: number;
  publishAvgMs: number | null;
  processAvgMs: number | null;
  /** `messaging.message.receive.latency` averaged over the processed messages that carry it. */
  receiveLatencyMs: number | null;
  processErrors: number;
};
export type QueueAnswer = InsightsRange & { rows: QueueRow[] };

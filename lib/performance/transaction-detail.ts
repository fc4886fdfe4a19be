import { notFound } from '@/lib/errors';
import type {
  Percentiles,
  TransactionBucket,
  TransactionDetail,
  TransactionPeriod,
  TransactionSample,
} from '@/lib/zod/performance';
import { BUCKET_MS, periodWindow } from './transaction-period';
import { vitalsOver } from './web-vitals';
import { PERFORMANCE_SAMPLE_SIZE, receivedFloor } from './window';
import { readDb } from '@/lib/replica';

export const SLOWEST_SAMPLES = 10;

type PercentileArray = [number, number, number, number] | null;
type Row = {
  project_found: boolean;
  count: number;
  failures: number;
  last_seen: Date | null;
  sample_count: number;
  pcts: PercentileArray;
  series: { start: string; count: number; failures: number; pcts: PercentileArray }[];
  slowest: {
    id: string;
    timestamp: string;
    duration: number;
    status: string;
    trace_id: string | null;
    release: string | null;
    environment: string | null;
  }[];
};

const percentiles = (p: PercentileArray): Percentiles | null =>
  p ? { p50: p[0], p75: p[1], p95: p[2], p99: p[3] } : null;
const NO_PERCENTILES = { p50: null, p75: null, p95: null, p99: null };
const iso = (ts: string) => new Date(ts).toISOString();

/**
 * One transaction name over a range, in one statement: its rows of the range (an index-only range scan of
 * (project_id, name, timestamp) on the days the range can touch) give the counts, the percentiles (exact
 * percentile_cont over the most recent 5,000, like the spec's list; per chart bucket over that bucket's most
 * recent 5,000), and the slowest few, whose other columns are then read for those rows alone. A project outside
 * the organization finds no row: 404.
 */
export async function transactionDetail({
  orgId,
  projectId,
  name,
  period,
  environment,
}: {
  orgId: string;
  projectId: string;
  name: string;
  period: TransactionPeriod;
  environment: string | undefined;
}): Promise<TransactionDetail> {
  const { since, until, bucket } = periodWindow(period);
  const env = environment ?? null;
  const step = `${BUCKET_MS[bucket] / 1000} seconds`;
  const detail = readDb().$queryRaw<Row[]>`
    WITH project AS MATERIALIZED (
      SELECT id FROM projects WHERE id = ${projectId} AND org_id = ${orgId}
    ), r AS MATERIALIZED (
      SELECT t.timestamp, t.duration, t.status,
        date_bin(${step}::interval, t.timestamp, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS bucket
      FROM transactions t
      WHERE t.project_id = ${projectId} AND t.name = ${name}
        AND EXISTS (SELECT 1 FROM project)
        AND t.timestamp >= ${since}::timestamptz AND t.timestamp <= ${until}::timestamptz
        AND t.received_at >= ${receivedFloor(since)}::timestamptz
        AND (${env}::text IS NULL OR t.environment = ${env}::text)
    ), recent AS (
      SELECT duration FROM r ORDER BY timestamp DESC LIMIT ${PERFORMANCE_SAMPLE_SIZE}::int
    ), ranked AS (
      SELECT bucket, duration, status, row_number() OVER (PARTITION BY bucket ORDER BY timestamp DESC) AS rn FROM r
    ), per_bucket AS (
      SELECT bucket, count(*)::int AS count, (count(*) FILTER (WHERE status <> 'ok'))::int AS failures,
        percentile_cont(ARRAY[0.5, 0.75, 0.95, 0.99]) WITHIN GROUP (ORDER BY duration) FILTER (WHERE rn <= ${PERFORMANCE_SAMPLE_SIZE}::int) AS pcts
      FROM ranked GROUP BY bucket
    ), buckets AS (
      SELECT b AS start FROM generate_series(
        date_bin(${step}::interval, ${since}::timestamptz, TIMESTAMPTZ '1970-01-01 00:00:00+00'), ${until}::timestamptz, ${step}::interval) AS b
    ), top AS (
      SELECT DISTINCT timestamp, duration FROM (SELECT timestamp, duration FROM r ORDER BY duration DESC, timestamp DESC LIMIT ${SLOWEST_SAMPLES}::int) x
    ), slow AS (
      SELECT t.id, t.timestamp, t.duration, t.status, t.trace_id, t.release, t.environment
      FROM top JOIN transactions t ON t.project_id = ${projectId} AND t.name = ${name}
        AND t.timestamp = top.timestamp AND t.duration = top.duration
        AND t.received_at >= ${receivedFloor(since)}::timestamptz
        AND (${env}::text IS NULL OR t.environment = ${env}::text)
      ORDER BY t.duration DESC, t.timestamp DESC, t.id
      LIMIT ${SLOWEST_SAMPLES}::int
    )
    SELECT EXISTS (SELECT 1 FROM project) AS project_found,
      (SELECT count(*)::int FROM r) AS count,
      (SELECT (count(*) FILTER (WHERE status <> 'ok'))::int FROM r) AS failures,
      (SELECT max(timestamp) FROM r) AS last_seen,
      (SELECT count(*)::int FROM recent) AS sample_count,
      (SELECT percentile_cont(ARRAY[0.5, 0.75, 0.95, 0.99]) WITHIN GROUP (ORDER BY duration) FROM recent) AS pcts,
      (SELECT coalesce(json_agg(json_build_object('start', b.start, 'count', coalesce(p.count, 0), 'failures', coalesce(p.failures, 0), 'pcts', p.pcts) ORDER BY b.start), '[]')
         FROM buckets b LEFT JOIN per_bucket p ON p.bucket = b.start) AS series,
      (SELECT coalesce(json_agg(s ORDER BY s.duration DESC, s.timestamp DESC, s.id), '[]') FROM slow s) AS slowest`;
  const [[row], vitals] = await Promise.all([
    detail,
    vitalsOver({ orgId, projectId, window: { since, until }, only: { name, environment } }),
  ]);
  if (!row?.project_found) throw notFound('Project');
  const minutes = (until.getTime() - since.getTime()) / 60_000;
  return {
    name,
    period,
    environment: env,
    since: since.toISOString(),
    until: until.toISOString(),
    bucket,
    count: row.count,
    failures: row.failures,
    failureRate: row.count === 0 ? 0 : row.failures / row.count,
    throughput: row.count / minutes,
    percentiles: percentiles(row.pcts),
    sampleCount: row.sample_count,
    lastSeen: row.last_seen?.toISOString() ?? null,
    series: row.series.map((b): TransactionBucket => ({
      start: iso(b.start),
      count: b.count,
      failures: b.failures,
      ...(percentiles(b.pcts) ?? NO_PERCENTILES),
    })),
    slowest: row.slowest.map((s): TransactionSample => ({
      id: s.id,
      timestamp: iso(s.timestamp),
      duration: s.duration,
      status: s.status,
      traceId: s.trace_id,
      release: s.release,
      environment: s.environment,
    })),
    vitals,
  };
}

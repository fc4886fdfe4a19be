// Insights › Outbound HTTP (#62): http.client spans of a project in a range, by host and by request (method, host
// and path with ids replaced, as lib/traces/span-groups.ts normalises a URL), as Sentry's Outbound API Requests
// page: throughput, error rate and p95. The URL is read from the span's data (`url.full`, `http.url`, `url.path`,
// `server.address`, which is all @sentry/node 11 keeps of it: it names a fetch span "GET <host>") and else from its
// description. A call is an error when its response status is 500 or more, or, with no status recorded (the
// connection failed), when its span status is not ok. One statement over the range's http.client spans; the data
// bags are read only for stored rows holding such a span.
import { readPool } from '@/lib/replica';
import { numberOfJsonb } from '@/lib/explore/datasets/sql';
import type { HttpAnswer, HttpStats } from '@/lib/zod/insights';
import {
  DATA_BAGS,
  dataOf,
  insightsScope,
  round,
  ROWS_IN_SCOPE,
  SAMPLE_COLUMNS,
  samples,
  slowestSamples,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

export const HTTP_LIMIT = 100;
/** Span statuses that are no failure (Sentry's failure_rate leaves these out too). */
const NOT_FAILED = `('ok', 'cancelled', 'unknown')`;
const text = (key: string) => `(${dataOf(key)} #>> '{}')`;
const STATUS_CODE = `coalesce(${numberOfJsonb(dataOf('http.response.status_code'))}, ${numberOfJsonb(dataOf('http.status_code'))})`;
/** The URL: from the data, else the description's second word (`GET https://api.example.com/x`). */
const URL = `coalesce(${text('url.full')}, ${text('http.url')}, ${text('url')}, substring(s.description from '^[A-Z]+ (\\S+)'))`;
const SCHEME_HOST = `'^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)'`;
const HOST = `coalesce(${text('server.address')}, substring(u.url from ${SCHEME_HOST}), ${text('url.domain')}, '')`;
const PATH = `coalesce(${text('url.path')}, substring(u.url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+([^?#]*)'),
  substring(u.url from '^(/[^?#]*)'), '')`;
/** A path's ids (numbers, long hex, uuids) as `*`, segment by segment: normalizeHttp's ID_SEGMENT. */
const ID_SEGMENT = `'(^|/)([0-9]+|[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=/|$)'`;
const METHOD = `coalesce(${text('http.request.method')}, ${text('http.method')}, substring(s.description from '^([A-Z]+) '), '')`;

type StatsRow = { count: number; errors: number; p95: number; avg: number };
const STATS = `count(*)::int AS count, count(*) FILTER (WHERE failed)::int AS errors,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY duration)::float8 AS p95, avg(duration)::float8 AS avg`;

function stats(r: StatsRow, minutes: number): HttpStats {
  return {
    count: r.count,
    throughput: r.count / minutes,
    errors: r.errors,
    errorRate: r.count ? r.errors / r.count : 0,
    p95Ms: round(r.p95)!,
    avgMs: round(r.avg)!,
  };
}

type Row = StatsRow & { kind: 'host' | 'request'; host: string; method: string; path: string; samples: unknown };

export async function insightHttp(input: InsightsInput): Promise<HttpAnswer> {
  const { range, values } = await insightsScope(input);
  const { rows } = await readPool().query<Row>(
    `WITH calls AS MATERIALIZED (
       SELECT ${METHOD} AS method, ${HOST} AS host,
              regexp_replace(${PATH}, ${ID_SEGMENT}, '\\1*', 'gi') AS path, ${SAMPLE_COLUMNS},
              coalesce(${STATUS_CODE} >= 500, s.status IS NOT NULL AND s.status NOT IN ${NOT_FAILED}) AS failed
         FROM spans b ${DATA_BAGS}
              CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.ops, b.descriptions, b.statuses)
              AS s(span_id, start, duration, op, description, status)
              CROSS JOIN LATERAL (SELECT ${URL} AS url) u
        WHERE ${ROWS_IN_SCOPE} AND 'http.client' = ANY(b.ops) AND ${SPAN_IN_RANGE} AND s.op = 'http.client'
     ), requests AS (
       SELECT method, host, path, ${STATS}
         FROM calls GROUP BY method, host, path ORDER BY count(*) DESC, host, path, method LIMIT ${HTTP_LIMIT}
     ), slowest AS (${slowestSamples('calls', `(method, host, path)`)})
     SELECT 'host' AS kind, host, '' AS method, '' AS path, NULL::json AS samples, ${STATS}
       FROM calls GROUP BY host
     UNION ALL
     SELECT 'request', r.host, r.method, r.path, w.samples, r.count, r.errors, r.p95, r.avg
       FROM requests r LEFT JOIN slowest w ON w.k = (r.method, r.host, r.path)`,
    values,
  );
  const hosts = rows
    .filter((r) => r.kind === 'host')
    .map((r) => ({ host: r.host, ...stats(r, range.minutes) }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
  const requests = rows
    .filter((r) => r.kind === 'request')
    .map((r) => ({
      host: r.host,
      method: r.method,
      path: r.path || '/',
      ...stats(r, range.minutes),
      samples: samples(r.samples ?? []),
    }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host) || a.path.localeCompare(b.path));
  return { ...range, hosts, rows: requests };
}

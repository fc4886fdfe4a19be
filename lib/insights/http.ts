// Insights › Outbound HTTP (#62): http.client spans of a project in a range, by host and by request (method, host
// and path with ids replaced, as lib/traces/span-groups.ts normalises a URL), as Sentry's Outbound API Requests
// page: throughput, error rate and p95. The URL is read from the span's data (`url.full`, `http.url`, `url.path`,
// `server.address`, which is all @sentry/node 11 keeps of it: it names a fetch span "GET <host>") and else from its
// description. A call is an error when its response status is 500 or more, or, with no status recorded (the
// connection failed), when its span status is not ok. One statement over the range's http.client spans; the data
// bags are read only for stored rows holding such a span. No samples: a call's place is one click away in Explore.
import { spanIdSql } from '@/lib/traces/span-keys';
import type { HttpAnswer, HttpStats } from '@/lib/zod/insights';
import {
  DATA_BAGS,
  insightsScope,
  insightsSession,
  round,
  ROWS_IN_SCOPE,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

export const HTTP_LIMIT = 100;
/** Span statuses that are no failure (Sentry's failure_rate leaves these out too). */
const NOT_FAILED = `('ok', 'cancelled', 'unknown')`;
// Plain string functions over the span's own data bag (`sb.bag`, looked up once): bench:insights measured the same
// parsing with regular expressions and a bag lookup per key at 14.5 s of PostgreSQL for 200,000 calls.
const text = (key: string) => `(sb.bag ->> '${key}')`;
const CODE = `coalesce(sb.bag -> 'http.response.status_code', sb.bag -> 'http.status_code') #>> '{}'`;
/** The URL: from the data, else the description's second word (`GET https://api.example.com/x`). */
const URL = `coalesce(${text('url.full')}, ${text('http.url')}, ${text('url')}, split_part(s.description, ' ', 2))`;
/** `https://user@api.example.com:443/x?y#z` → `user@api.example.com:443/x`; a relative URL without its query. */
const REST = `split_part(split_part(CASE WHEN strpos(u.url, '://') > 0 THEN split_part(u.url, '://', 2) ELSE u.url END, '?', 1), '#', 1)`;
const ABSOLUTE = `strpos(u.url, '://') > 0`;
const HOST = `coalesce(${text('server.address')},
  CASE WHEN ${ABSOLUTE} THEN split_part(split_part(split_part(r.rest, '/', 1), '@', -1), ':', 1) END, ${text('url.domain')}, '')`;
const PATH = `coalesce(${text('url.path')}, CASE WHEN NOT ${ABSOLUTE} THEN r.rest WHEN strpos(r.rest, '/') > 0
  THEN substr(r.rest, strpos(r.rest, '/')) ELSE '/' END)`;
/** A path's ids (numbers, long hex, uuids) as `*`, segment by segment (normalizeHttp's ID_SEGMENT), when it has a digit. */
const ID_SEGMENT = `'/([0-9]+|[0-9a-fA-F]{8,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(?=/|$)'`;
const METHOD = `coalesce(${text('http.request.method')}, ${text('http.method')},
  CASE WHEN strpos(s.description, ' ') > 0 THEN split_part(s.description, ' ', 1) END, '')`;

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

type Row = StatsRow & { level: number; host: string; method: string | null; path: string | null };

export async function insightHttp(input: InsightsInput): Promise<HttpAnswer> {
  const { range, values } = await insightsScope(input);
  // One pass: hosts and requests as two grouping sets of the same calls (their sorts carry nothing but the keys,
  // the duration and whether it failed).
  const { rows } = await insightsSession(async (client) =>
    client.query<Row>(
      `SELECT grouping(method, path) AS level, host, method, path, ${STATS}
         FROM (SELECT ${METHOD} AS method, ${HOST} AS host,
                      CASE WHEN p.path ~ '[0-9]' THEN regexp_replace(p.path, ${ID_SEGMENT}, '/*', 'g') ELSE p.path END AS path,
                      s.duration,
                      CASE WHEN u.code ~ '^[0-9]{3}$' THEN u.code::int >= 500
                           ELSE s.status IS NOT NULL AND s.status NOT IN ${NOT_FAILED} END AS failed
                 FROM spans b ${DATA_BAGS}
                      CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.ops, b.descriptions, b.statuses)
                      AS s(span_id, start, duration, op, description, status)
                      CROSS JOIN LATERAL (SELECT dj.d -> ${spanIdSql('s.span_id')} AS bag OFFSET 0) sb
                      CROSS JOIN LATERAL (SELECT ${URL} AS url, ${CODE} AS code OFFSET 0) u
                      CROSS JOIN LATERAL (SELECT ${REST} AS rest OFFSET 0) r
                      CROSS JOIN LATERAL (SELECT ${PATH} AS path OFFSET 0) p
                WHERE ${ROWS_IN_SCOPE} AND 'http.client' = ANY(b.ops) AND ${SPAN_IN_RANGE} AND s.op = 'http.client') calls
        GROUP BY GROUPING SETS ((host), (method, host, path))`,
      values,
    ),
  );
  const hosts = rows
    .filter((r) => r.level !== 0)
    .map((r) => ({ host: r.host, ...stats(r, range.minutes) }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
  const requests = rows
    .filter((r) => r.level === 0)
    .map((r) => ({ host: r.host, method: r.method ?? '', path: r.path || '/', ...stats(r, range.minutes) }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host) || a.path.localeCompare(b.path))
    .slice(0, HTTP_LIMIT);
  return { ...range, hosts, rows: requests };
}

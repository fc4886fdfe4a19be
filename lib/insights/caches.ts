// Insights › Caches (#62): cache reads (`cache.get` and `cache.get_item` spans) of a project in a range, in all and
// per transaction, as Sentry's Caches page: how many, a minute, the hit rate (`cache.hit` in the span's data; a read
// without it counts in neither hits nor the rate's base) and the average duration.
import type { CacheAnswer, CacheStats } from '@/lib/zod/insights';
import {
  DATA_BAGS,
  dataOf,
  insightsScope,
  insightsSession,
  round,
  ROWS_IN_SCOPE,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

export const CACHE_OPS = ['cache.get', 'cache.get_item'] as const;
export const CACHES_LIMIT = 50;

type Row = { transaction: string | null; total: boolean; count: number; hits: number; known: number; avg: number };

function stats(r: Row, minutes: number): CacheStats {
  return {
    count: r.count,
    throughput: r.count / minutes,
    hits: r.hits,
    hitRate: r.known ? r.hits / r.known : null,
    avgMs: round(r.avg)!,
  };
}

export async function insightCaches(input: InsightsInput): Promise<CacheAnswer> {
  const { range, values } = await insightsScope(input);
  const hit = dataOf('cache.hit');
  const { rows } = await insightsSession((client) =>
    client.query<Row>(
      `WITH reads AS MATERIALIZED (
       SELECT b.transaction, s.duration,
              CASE jsonb_typeof(${hit}) WHEN 'boolean' THEN (${hit})::boolean END AS hit
         FROM spans b ${DATA_BAGS}
              CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.ops) AS s(span_id, start, duration, op)
        WHERE ${ROWS_IN_SCOPE} AND b.ops && $7::text[] AND ${SPAN_IN_RANGE} AND s.op = ANY($7::text[])
     )
     SELECT transaction, grouping(transaction) = 1 AS total, count(*)::int AS count,
            count(*) FILTER (WHERE hit)::int AS hits, count(hit)::int AS known, avg(duration)::float8 AS avg
       FROM reads GROUP BY GROUPING SETS ((), (transaction))
      ORDER BY grouping(transaction) DESC, count(*) DESC, transaction LIMIT ${CACHES_LIMIT + 1}`,
      [...values, CACHE_OPS],
    ),
  );
  const total = rows.find((r) => r.total);
  return {
    ...range,
    total: total ? stats(total, range.minutes) : { count: 0, throughput: 0, hits: 0, hitRate: null, avgMs: 0 },
    rows: rows.filter((r) => !r.total).map((r) => ({ transaction: r.transaction, ...stats(r, range.minutes) })),
  };
}

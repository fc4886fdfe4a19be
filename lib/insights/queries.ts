// Insights › Queries (#62): database spans (op `db` or `db.*`) of a project in a range, grouped by their normalised
// statement (the span group of lib/traces/span-groups.ts, stored as its hash with every span), as Sentry's Queries
// page shows them: throughput, average and p95 duration, total time and its share of all database time in the
// range, the transactions that run each statement and the slowest sample spans.
//
// Two passes over the range's spans, each unnesting only the arrays it reads (bench:insights measured a single
// statement materialising every database span with its text at 4.4 s for 550,000 of them; these two at a fraction,
// docs/benchmarks.md): the groups' figures, sorting nothing but (group, duration) for the percentiles; then, for
// the listed groups alone, their transactions (a hash aggregate) and the spans at or above their p95, of which
// the slowest are the samples and give the statement's text back.
import { spanGroup } from '@/lib/traces/span-groups';
import { spanIdSql } from '@/lib/traces/span-keys';
import type { QueriesAnswer } from '@/lib/zod/insights';
import {
  insightsScope,
  insightsSession,
  round,
  ROWS_IN_SCOPE,
  samples,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

/** Statements listed, by total time. */
export const QUERIES_LIMIT = 50;
/** Transactions named per statement, by how many of its spans they ran. */
const TRANSACTIONS_PER_QUERY = 5;
const SAMPLES_PER_QUERY = 3;

/** The SQL of a database span's op: `db` and every `db.*` (db.query, db.sql.query, db.redis…). */
export const DB_OP = `(s.op = 'db' OR s.op LIKE 'db.%')`;

type Group = { key: string; count: number; total: number; avg: number; p95: number; slow: number } & {
  /** Over every group of the range, not only those listed. */
  all_total: number;
  all_count: number;
};
/**
 * Where a group's samples are looked for: its spans at or above its p95 (one of its durations, so at least 5 % of
 * them: 3 from 60 on), or all of them below 60.
 */
const slowFloor = (g: Group) => (g.count < 60 ? -1 : g.slow);
type Detail = {
  key: string;
  transaction: string | null;
  count: number;
  slow: { trace_id: string; span_id: string; duration: number; op: string; description: string }[] | null;
};

export async function insightQueries(input: InsightsInput): Promise<QueriesAnswer> {
  const { range, values } = await insightsScope(input);
  return insightsSession(async (client) => {
    const { rows: groups } = await client.query<Group>(
      `SELECT s.group_key::text AS key, count(*)::int AS count, sum(s.duration)::float8 AS total,
              avg(s.duration)::float8 AS avg, percentile_cont(0.95) WITHIN GROUP (ORDER BY s.duration)::float8 AS p95,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration)::float8 AS slow,
              (sum(sum(s.duration)) OVER ())::float8 AS all_total, (sum(count(*)) OVER ())::int AS all_count
         FROM spans b CROSS JOIN LATERAL unnest(b.starts, b.durations, b.group_keys, b.ops)
              AS s(start, duration, group_key, op)
        WHERE ${ROWS_IN_SCOPE} AND ${SPAN_IN_RANGE} AND ${DB_OP}
        GROUP BY s.group_key ORDER BY sum(s.duration) DESC, s.group_key LIMIT ${QUERIES_LIMIT}`,
      values,
    );
    const allTotal = groups[0]?.all_total ?? 0;
    const top = groups;
    if (top.length === 0) return { ...range, totalMs: 0, spans: 0, rows: [] };
    const { rows: details } = await client.query<Detail>(
      `SELECT s.group_key::text AS key, b.transaction, count(*)::int AS count,
              json_agg(json_build_object('trace_id', replace(b.trace_id::text, '-', ''),
                                         'span_id', ${spanIdSql('s.span_id')}, 'duration', s.duration,
                                         'op', s.op, 'description', s.description))
                FILTER (WHERE s.duration >= t.floor) AS slow
         FROM spans b CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.group_keys, b.ops, b.descriptions)
              AS s(span_id, start, duration, group_key, op, description)
         JOIN unnest($7::bigint[], $8::float8[]) AS t(group_key, floor) ON t.group_key = s.group_key
        WHERE ${ROWS_IN_SCOPE} AND ${SPAN_IN_RANGE} AND ${DB_OP}
        GROUP BY s.group_key, b.transaction`,
      [...values, top.map((g) => g.key), top.map(slowFloor)],
    );
    const byGroup = new Map<string, Detail[]>();
    for (const d of details) byGroup.set(d.key, [...(byGroup.get(d.key) ?? []), d]);
    return {
      ...range,
      totalMs: round(allTotal)!,
      spans: groups[0]?.all_count ?? 0,
      rows: top.map((g) => {
        const mine = byGroup.get(g.key) ?? [];
        const slowest = mine
          .flatMap((d) => (d.slow ?? []).map((s) => ({ ...s, transaction: d.transaction })))
          .sort((a, b) => b.duration - a.duration)
          .slice(0, SAMPLES_PER_QUERY);
        const first = slowest[0];
        return {
          group: BigInt.asUintN(64, BigInt(g.key)).toString(16).padStart(16, '0'),
          op: first?.op ?? 'db',
          // Any of a group's descriptions gives its normalised statement back.
          statement: first ? spanGroup(first.op, first.description) : '',
          count: g.count,
          throughput: g.count / range.minutes,
          avgMs: round(g.avg)!,
          p95Ms: round(g.p95)!,
          totalMs: round(g.total)!,
          timeShare: allTotal > 0 ? g.total / allTotal : 0,
          transactions: mine
            .sort((a, b) => b.count - a.count || (a.transaction ?? '').localeCompare(b.transaction ?? ''))
            .slice(0, TRANSACTIONS_PER_QUERY)
            .map((d) => ({ name: d.transaction, count: d.count })),
          samples: samples(
            slowest.map((s) => ({
              traceId: s.trace_id,
              spanId: s.span_id,
              durationMs: s.duration,
              transaction: s.transaction,
            })),
          ),
        };
      }),
    };
  });
}

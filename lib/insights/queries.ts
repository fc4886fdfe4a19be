// Insights › Queries (#62): database spans (op `db` or `db.*`) of a project in a range, grouped by their normalised
// statement (the span group of lib/traces/span-groups.ts, stored as its hash with every span), as Sentry's Queries
// page shows them: throughput, average and p95 duration, total time and its share of all database time in the
// range, the transactions that run each statement and the slowest sample spans. One statement: the range's
// database spans are unnested once (the stored rows of the project whose receipt falls in the range), then
// aggregated three ways.
import { readPool } from '@/lib/replica';
import { spanGroup } from '@/lib/traces/span-groups';
import type { QueriesAnswer } from '@/lib/zod/insights';
import {
  insightsScope,
  round,
  ROWS_IN_SCOPE,
  SAMPLE_COLUMNS,
  samples,
  slowestSamples,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

/** Statements listed, by total time. */
export const QUERIES_LIMIT = 50;
/** Transactions named per statement, by how many of its spans they ran. */
const TRANSACTIONS_PER_QUERY = 5;

/** The SQL of a database span's op: `db` and every `db.*` (db.query, db.sql.query, db.redis…). */
export const DB_OP = `(s.op = 'db' OR s.op LIKE 'db.%')`;

type Row = {
  group: string;
  op: string;
  sample: string;
  count: number;
  total: number;
  avg: number;
  p95: number;
  all_total: number;
  all_count: number;
  transactions: { name: string | null; count: number }[];
  samples: unknown;
};

export async function insightQueries(input: InsightsInput): Promise<QueriesAnswer> {
  const { range, values } = await insightsScope(input);
  const { rows } = await readPool().query<Row>(
    `WITH db AS MATERIALIZED (
       SELECT s.group_key, s.op, s.description, ${SAMPLE_COLUMNS}
         FROM spans b CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.group_keys, b.ops, b.descriptions)
              AS s(span_id, start, duration, group_key, op, description)
        WHERE ${ROWS_IN_SCOPE} AND ${SPAN_IN_RANGE} AND ${DB_OP}
     ), everything AS (
       SELECT coalesce(sum(duration), 0)::float8 AS total, count(*)::int AS count FROM db
     ), top AS (
       SELECT group_key, min(op) AS op, min(description) AS sample, count(*)::int AS count,
              sum(duration)::float8 AS total, avg(duration)::float8 AS avg,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY duration)::float8 AS p95
         FROM db GROUP BY group_key ORDER BY sum(duration) DESC, group_key LIMIT ${QUERIES_LIMIT}
     ), in_top AS MATERIALIZED (
       SELECT d.* FROM db d WHERE d.group_key IN (SELECT group_key FROM top)
     ), txns AS (
       SELECT group_key, json_agg(json_build_object('name', transaction, 'count', n) ORDER BY n DESC, transaction)
              AS transactions
         FROM (SELECT group_key, transaction, count(*)::int AS n,
                      row_number() OVER (PARTITION BY group_key ORDER BY count(*) DESC, transaction) AS r
                 FROM in_top GROUP BY group_key, transaction) x
        WHERE r <= ${TRANSACTIONS_PER_QUERY} GROUP BY group_key
     ), slowest AS (${slowestSamples('in_top', 'group_key')})
     SELECT lpad(to_hex(t.group_key), 16, '0') AS "group", t.op, t.sample, t.count, t.total, t.avg, t.p95,
            e.total AS all_total, e.count AS all_count, x.transactions, w.samples
       FROM everything e LEFT JOIN top t ON true
       LEFT JOIN txns x ON x.group_key = t.group_key LEFT JOIN slowest w ON w.k = t.group_key
      ORDER BY t.total DESC NULLS LAST, t.group_key`,
    values,
  );
  const allTotal = rows[0]?.all_total ?? 0;
  return {
    ...range,
    totalMs: round(allTotal)!,
    spans: rows[0]?.all_count ?? 0,
    rows: rows
      .filter((r) => r.group !== null)
      .map((r) => ({
        group: r.group,
        op: r.op,
        // Any of a group's descriptions gives its normalised statement back.
        statement: spanGroup(r.op, r.sample),
        count: r.count,
        throughput: r.count / range.minutes,
        avgMs: round(r.avg)!,
        p95Ms: round(r.p95)!,
        totalMs: round(r.total)!,
        timeShare: allTotal > 0 ? r.total / allTotal : 0,
        transactions: r.transactions ?? [],
        samples: samples(r.samples ?? []),
      })),
  };
}

// The one statement an Explore query runs (#61): the rows in range (perhaps a sample of the day partitions' pages),
// each with its bucket, group and the values its aggregates read; the groups ranked by the first aggregate over the
// whole range (the table); and per bucket the top N groups and "Other", the rest together (the chart's series).
// Every value is a bound parameter; the SQL text is the datasets' and ours.
import { aggregateSql, type Compiled } from './compile';

/** A sample of the partitions' pages: `percent` of them, the same ones each time (REPEATABLE) while nothing changes. */
export type Sampling = { percent: number } | null;

const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;
/** A seed for REPEATABLE: a reload reads the same sample, so the chart does not jitter. */
const SEED = 61;

/** One text per group that tells nulls and values apart and hashes fast: `-` for null, else `<length>:<value>`. */
const groupKey = (cols: string[]) =>
  cols.length ? cols.map((c) => `coalesce(length(${c}) || ':' || ${c}, '-')`).join(' || ') : "''";

export type ExploreStatement = { text: string; values: unknown[] };

export function exploreSql(c: Compiled, sampling: Sampling): ExploreStatement {
  const d = c.dataset;
  const params = c.params.clone();
  const sample = sampling ? ` TABLESAMPLE SYSTEM (${params.add(sampling.percent, 'float4')}) REPEATABLE (${SEED})` : '';
  const g = c.groups.map((_, i) => `g${i}`);
  // Aggregates reading the same value (p95 and avg of a duration) share its column.
  const columns = new Map<string, string>();
  for (const x of c.aggregates) if (x.input !== null && !columns.has(x.input)) columns.set(x.input, `a${columns.size}`);
  const a = c.aggregates.map((x) => (x.input === null ? '' : columns.get(x.input)!));
  const inputs = [...columns].map(([sql, col]) => `${sql} AS ${col}`);
  const aggs = c.aggregates.map((x, i) => `${aggregateSql(x, a[i])} AS v${i}`);
  const first = aggregateSql(c.aggregates[0], a[0]);
  const interval = params.add(`${c.intervalMs / 1000} seconds`, 'interval');
  const limit = params.add(Math.max(c.limit, c.topN), 'int');
  const rows = [
    `date_bin(${interval}, ${d.time}, ${EPOCH}) AS bucket`,
    ...c.groups.map((x, i) => `${x.sql} AS g${i}`),
    ...inputs,
  ];
  const gCols = g.map((x) => `, ${x}`).join('');
  const noGroups = g.map(() => ', NULL::text').join('');
  // The top N are a parameter only where there are groups to rank (an unused parameter has no type to plan with).
  const series = c.groups.length
    ? `SELECT b.bucket, CASE WHEN t.rank <= ${params.add(c.topN, 'int')} THEN b.gk END AS gk, count(*)::float8 AS n, ${aggs.join(', ')}
         FROM base b JOIN totals t ON t.gk = b.gk GROUP BY 1, 2`
    : `SELECT bucket, gk, count(*)::float8 AS n, ${aggs.join(', ')} FROM base GROUP BY 1, 2`;
  const v = c.aggregates.map((_, i) => `, v${i}`).join('');
  const text = `WITH base AS MATERIALIZED (
    SELECT r.*, (${groupKey(g.map((x) => `r.${x}`))}) COLLATE "C" AS gk FROM (
      SELECT ${rows.join(', ')} FROM ${d.from(sample, c.needs)} WHERE ${c.where.join(' AND ')} OFFSET 0) r
  ), totals AS (
    SELECT gk${gCols}, count(*)::float8 AS n${aggs.map((x) => `, ${x}`).join('')},
           row_number() OVER (ORDER BY ${first} DESC NULLS LAST, gk) AS rank, count(*) OVER () AS groups
      FROM base GROUP BY gk${gCols}
  ), series AS (${series})
  SELECT 'table' AS part, rank::int, gk${gCols}, NULL::timestamptz AS bucket, n, groups::float8${v}
    FROM totals WHERE rank <= ${limit}
  UNION ALL
  SELECT 'series', NULL, gk${noGroups}, bucket, n, NULL${v} FROM series`;
  return { text, values: params.values };
}

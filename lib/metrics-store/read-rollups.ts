// Reading a metric's rollups (#61): count, sum, min, max, the last value and (asked for) the merged sketch of each
// interval, per group of up to three series attributes. An interval of whole hours over whole hours reads
// metric_hours (a day of a series is 24 rows), anything finer metric_minutes. Groups and filters see a series'
// attributes only (ids and the user stay on the points: read those with readMetricPoints).
import { badRequest } from '@/lib/errors';
import { readPool } from '@/lib/replica';
import { hourOf, Params, seriesCte, type AttributeFilter, type MetricScope, type SeriesQuery } from './query-sql';
import { HOUR_MS, MINUTE_MS } from './rollup-math';
import { sketchQuantile, type Sketch } from './sketch';

export const MAX_GROUP_BY = 3;
/** The most buckets (intervals × groups) one read answers: past it the caller narrows the range or the groups. */
export const MAX_ROLLUP_BUCKETS = 100_000;

export type RollupQuery = SeriesQuery & {
  name: string;
  from: Date;
  to: Date;
  /** Seconds, a whole number of minutes. */
  intervalSeconds: number;
  filters?: readonly AttributeFilter[];
  /** Series attribute keys to group by (at most three). */
  groupBy?: readonly string[];
  /** Whether to merge the distribution sketches (for percentiles). */
  sketch?: boolean;
};

export type RollupBucket = {
  /** The interval's start (ISO). */
  time: string;
  /** The group's values, one per groupBy key (null where a series lacks the attribute). */
  group: (string | null)[];
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  /** The latest value in the interval (a gauge's reading). */
  last: number | null;
  /** The merged sketch (key → count), when asked for and the metric is a distribution. */
  sketch?: Sketch;
};

/** Which table answers an interval: hours when it and the range are whole hours. */
export function rollupResolution(q: Pick<RollupQuery, 'from' | 'to' | 'intervalSeconds'>): 'minute' | 'hour' {
  const ms = q.intervalSeconds * 1000;
  const whole = (t: Date) => t.getTime() % HOUR_MS === 0;
  return ms % HOUR_MS === 0 && whole(q.from) && whole(q.to) ? 'hour' : 'minute';
}

function check(q: RollupQuery): void {
  if (!Number.isInteger(q.intervalSeconds) || q.intervalSeconds <= 0 || (q.intervalSeconds * 1000) % MINUTE_MS !== 0)
    throw badRequest('The interval is a whole number of minutes');
  if (!(q.to.getTime() > q.from.getTime())) throw badRequest('The range ends after it starts');
  if ((q.groupBy?.length ?? 0) > MAX_GROUP_BY) throw badRequest(`Group by at most ${MAX_GROUP_BY} attributes`);
  const intervals = Math.ceil((q.to.getTime() - q.from.getTime()) / (q.intervalSeconds * 1000));
  if (intervals > MAX_ROLLUP_BUCKETS)
    throw badRequest(`At most ${MAX_ROLLUP_BUCKETS.toLocaleString('en-US')} intervals: widen the interval`);
}

/**
 * The statement's rows: the scope's series of the metric, their rollups in the range (the folded ones and those still
 * waiting to be, ./rollup-fold.ts), grouped per interval.
 */
function rowsSql(scope: MetricScope, q: RollupQuery, p: Params) {
  const hour = rollupResolution(q) === 'hour';
  const [table, col] = hour ? ['metric_hours', 'hour'] : ['metric_minutes', 'minute'];
  const cte = seriesCte(scope, q, p);
  const iv = p.add(q.intervalSeconds);
  const [from, to] = [p.add(q.from), p.add(q.to)];
  const groups = (q.groupBy ?? []).map((k, i) => `m.attributes->>${p.add(k)} AS g${i}`);
  const columns = 'r.series, r.project, r.count, r.sum, r.min, r.max, r.last, r.last_at, r.sketch, s.attributes';
  // Each branch joins the series itself: the planner takes `s` for one row, and a join outside the union re-read the
  // whole union once per series (a day of 8 series' minutes read 8 times, bench:explore).
  const rollups = `(SELECT r.${col} AS b, ${columns} FROM ${table} r JOIN s ON s.id = r.series AND s.project = r.project
       WHERE r.${col} >= ${from} AND r.${col} < ${to}
     UNION ALL
     SELECT ${hour ? hourOf('r.minute') : 'r.minute'} AS b, ${columns} FROM metric_rollup_pending r
       JOIN s ON s.id = r.series AND s.project = r.project WHERE r.minute >= ${from} AND r.minute < ${to})`;
  return {
    cte,
    t: `to_timestamp(floor(extract(epoch FROM m.b) / ${iv}::float8) * ${iv}::float8)`,
    groups,
    from: `FROM ${rollups} m`,
    where: 'WHERE TRUE',
    keys: ['t', ...(q.groupBy ?? []).map((_, i) => `g${i}`)],
  };
}

const keyOf = (time: Date, group: (string | null)[]) => JSON.stringify([time.getTime(), group]);

/**
 * A metric's rollups per interval and group, oldest first. Throws badRequest (400) for a query it will not answer
 * (an interval that is not whole minutes, more than MAX_ROLLUP_BUCKETS intervals, more than three groups).
 */
export async function readMetricRollups(scope: MetricScope, q: RollupQuery): Promise<RollupBucket[]> {
  check(q);
  const p = new Params();
  const r = rowsSql(scope, q, p);
  const select = [`${r.t} AS t`, ...r.groups];
  type Row = {
    t: Date;
    count: number;
    sum: number;
    min: number | null;
    max: number | null;
    last: number | null;
  } & Record<string, unknown>;
  const { rows } = await readPool().query<Row>(
    `WITH ${r.cte}
     SELECT ${select.join(', ')}, sum(m.count)::float8 AS count, sum(m.sum) AS sum, min(m.min) AS min, max(m.max) AS max,
            (array_agg(m.last ORDER BY m.last_at DESC))[1] AS last
     ${r.from} ${r.where} GROUP BY ${r.keys.join(', ')} ORDER BY t LIMIT ${MAX_ROLLUP_BUCKETS + 1}`,
    p.values,
  );
  if (rows.length > MAX_ROLLUP_BUCKETS)
    throw badRequest(`More than ${MAX_ROLLUP_BUCKETS.toLocaleString('en-US')} buckets: group by fewer values`);
  const groupOf = (row: Record<string, unknown>) =>
    (q.groupBy ?? []).map((_, i) => (row[`g${i}`] as string | null) ?? null);
  const buckets = rows.map((row) => ({
    time: row.t.toISOString(),
    group: groupOf(row),
    count: Number(row.count),
    sum: Number(row.sum),
    min: row.min,
    max: row.max,
    last: row.last,
  })) as RollupBucket[];
  if (!q.sketch) return buckets;
  const byKey = new Map(buckets.map((b) => [keyOf(new Date(b.time), b.group), b]));
  const s = new Params();
  const rs = rowsSql(scope, q, s);
  const { rows: pairs } = await readPool().query<{ t: Date; k: string; c: string } & Record<string, unknown>>(
    `WITH ${rs.cte}
     SELECT ${[`${rs.t} AS t`, ...rs.groups].join(', ')}, x.k, sum(x.c) AS c
     ${rs.from}
     CROSS JOIN LATERAL (SELECT m.sketch[i] AS k, m.sketch[i + 1] AS c
                         FROM generate_series(1, array_length(m.sketch, 1), 2) AS i) x
     ${rs.where} AND m.sketch IS NOT NULL
     GROUP BY ${[...rs.keys, 'x.k'].join(', ')}`,
    s.values,
  );
  for (const row of pairs) {
    const b = byKey.get(keyOf(row.t, groupOf(row)));
    if (!b) continue;
    (b.sketch ??= new Map()).set(Number(row.k), Number(row.c));
  }
  return buckets;
}

/** The q-quantile (0–1) of a bucket's values, from its sketch (null without one). */
export function bucketQuantile(b: RollupBucket, q: number): number | null {
  return b.sketch ? sketchQuantile(b.sketch, q, b) : null;
}

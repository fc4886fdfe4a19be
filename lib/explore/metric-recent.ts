// Recent metrics from their rollups (#61). A metrics query over the raw points that would have to be sampled (a day
// of millions of points) is answered from the per-minute rollups instead when they hold the same answer: one metric
// named, filters and groups by series attributes only (not a key that stays on the points, docs/metrics.md), count,
// sum, avg, min, max of `value` or epm() (not percentiles: merging a day of minute sketches per bucket took seconds
// in bench:explore, a sample of the points a tenth of that), and no OTLP histogram point among the metric's points
// in range (a histogram's rollup counts its measurements where the points count it once). The whole minutes come from
// the rollups, the partial minutes at either end from the points themselves, so the answer is exact. Anything else
// reads the points as before.
import type pg from 'pg';
import { Params, seriesCte, type AttributeFilter } from '@/lib/metrics-store/query-sql';
import type { RollupBucket } from '@/lib/metrics-store';
import { addToSketch, type Sketch } from '@/lib/metrics-store/sketch';
import { RECEIVED_SLACK_MS, type Compiled } from './compile';
import { rollupPlan, runMetricRollups } from './metric-rollups';

const MINUTE_MS = 60_000;
/** Keys kept on a point rather than its series (lib/ingest/items/metrics/series.ts): the user, client, any id. */
const POINT_KEY =
  /^(?:user\.|client\.address$|sentry\.(?:replay_id|timestamp\.|trace\.|_internal\.))|(?:^|[._-])(?:id|uuid|guid)$/i;

type Plan = ReturnType<typeof rollupPlan>;

/** The plan when rollups hold the query's answer, else null (never a 400: the points answer it then). */
function recentPlan(c: Compiled, query: string): Plan | null {
  // A percentile merges every minute's sketch of every bucket (a day of a distribution: millions of key, count pairs,
  // seconds): a sample of the points answers it sooner.
  if (c.intervalMs % MINUTE_MS !== 0 || c.aggregates.some((a) => /^p\d\d$/.test(a.fn))) return null;
  let p: Plan;
  try {
    p = rollupPlan(c, query, 0);
  } catch {
    return null;
  }
  const keys = [...p.filters.map((f) => f.key), ...p.groupBy];
  return keys.some((k) => POINT_KEY.test(k)) ? null : p;
}

/**
 * The partial minutes' points of the metric's series (within `ranges`), as buckets of the chart's interval and the
 * query's groups; null when a series has an OTLP histogram point in the query's range.
 */
async function edgeBuckets(
  client: pg.PoolClient,
  c: Compiled,
  x: { orgId: string; plan: Plan; ranges: [number, number][] },
): Promise<RollupBucket[] | null> {
  const p = new Params();
  const filters: readonly AttributeFilter[] = x.plan.filters;
  const cte = seriesCte(
    { orgId: x.orgId, projectIds: c.projects.map((r) => r.id) },
    { name: x.plan.name, type: x.plan.type as 'counter' | undefined, filters },
    p,
  );
  const received = `m.received_at >= ${p.add(new Date(c.startMs - RECEIVED_SLACK_MS))} AND m.received_at < ${p.add(new Date(c.endMs + RECEIVED_SLACK_MS))}`;
  const [start, end] = [p.add(new Date(c.startMs)), p.add(new Date(c.endMs))];
  // The partial index on histogram points (20261231001500) answers this in a probe per series.
  const histograms = `EXISTS (SELECT 1 FROM s JOIN LATERAL (SELECT 1 FROM metric_points m WHERE m.series = s.id
      AND m.histogram IS NOT NULL AND m.timestamp >= ${start} AND m.timestamp < ${end} AND ${received} LIMIT 1) h ON TRUE)`;
  const within = x.ranges
    .map(([a, b]) => `(m.timestamp >= ${p.add(new Date(a))} AND m.timestamp < ${p.add(new Date(b))})`)
    .join(' OR ');
  const iv = p.add(c.intervalMs / 1000);
  const groups = x.plan.groupBy.map((k, i) => `, s.attributes ->> ${p.add(k)} AS g${i}`).join('');
  const { rows } = await client.query<{ t: Date; value: number | null; type: string; histograms: boolean }>(
    `WITH ${cte}
     SELECT ${histograms} AS histograms, NULL::timestamptz AS t, NULL::float8 AS value, NULL AS type${x.plan.groupBy.map((_, i) => `, NULL AS g${i}`).join('')}
     UNION ALL
     SELECT NULL, to_timestamp(floor(extract(epoch FROM m.timestamp) / ${iv}::float8) * ${iv}::float8), m.value, s.type${groups}
       FROM metric_points m JOIN s ON s.id = m.series AND s.project = m.project
      WHERE m.series IN (SELECT id FROM s) AND (${within || 'FALSE'}) AND ${received}`,
    p.values,
  );
  if (rows.some((r) => r.t === null && r.histograms)) return null;
  const out = new Map<string, RollupBucket>();
  for (const r of rows) {
    if (r.t === null) continue;
    const group = x.plan.groupBy.map((_, i) => ((r as Record<string, unknown>)[`g${i}`] as string | null) ?? null);
    const k = JSON.stringify([r.t.getTime(), group]);
    let b = out.get(k);
    if (!b) out.set(k, (b = { time: r.t.toISOString(), group, count: 0, sum: 0, min: null, max: null, last: null }));
    b.count += 1;
    if (r.value === null) continue;
    b.sum += r.value;
    b.min = b.min === null ? r.value : Math.min(b.min, r.value);
    b.max = b.max === null ? r.value : Math.max(b.max, r.value);
    if (r.type === 'distribution') addToSketch((b.sketch ??= new Map() as Sketch), r.value);
  }
  return [...out.values()];
}

/** The answer from the rollups and the partial minutes' points, or null when the points must answer. */
export async function recentMetricRollups(
  client: pg.PoolClient,
  c: Compiled,
  input: { orgId: string; query: string },
): Promise<Awaited<ReturnType<typeof runMetricRollups>> | null> {
  const plan = recentPlan(c, input.query);
  const from = Math.ceil(c.startMs / MINUTE_MS) * MINUTE_MS;
  const to = Math.floor(c.endMs / MINUTE_MS) * MINUTE_MS;
  if (!plan || to <= from) return null;
  const ranges: [number, number][] = [];
  if (c.startMs < from) ranges.push([c.startMs, from]);
  if (to < c.endMs) ranges.push([to, c.endMs]);
  const edges = await edgeBuckets(client, c, { orgId: input.orgId, plan, ranges });
  if (!edges) return null;
  return runMetricRollups(c, { ...input, pointDays: 0, minutes: { from, to, edges } });
}

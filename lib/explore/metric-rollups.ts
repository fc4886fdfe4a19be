// Metrics older than their raw points (#61): a metrics query whose range starts before the plan keeps points
// (7 days on FREE, 14 on PRO) reads the metric's per-minute and per-hour rollups instead (count, sum, extremes and the
// sketch behind percentiles, kept 14 to 90 days: lib/metrics-store/retention.ts). Rollups know a series' attributes
// only, so such a query names one metric (`metric.name:<name>`), filters and groups by series attributes, and asks
// for count(), sum, avg, min, max, p50-p99 of `value` or epm(); anything else is a 400 saying so. The groups' totals
// and the chart's buckets are made into the rows the exact statement would have given, and shaped the same way.
import { mergeSketches, type Sketch } from '@/lib/metrics-store/sketch';
import { readMetricRollups, sketchQuantile, type AttributeFilter, type RollupBucket } from '@/lib/metrics-store';
import { parseExploreFilter, type ExploreFilter } from '@/lib/zod/explore-filter';
import type { Compiled, CompiledAggregate } from './compile';
import { refuse } from './params';
import { shapeResult, type Row } from './shape-result';

const PERCENTILE: Record<string, number> = { p50: 0.5, p75: 0.75, p90: 0.9, p95: 0.95, p99: 0.99 };
const FUNCTIONS = new Set(['count', 'sum', 'avg', 'min', 'max', 'epm', ...Object.keys(PERCENTILE)]);
/** Fields that are series attributes under another name. */
const ATTRIBUTE_OF: Record<string, string> = { environment: 'sentry.environment', release: 'sentry.release' };
const FIELDS = new Set(['metric.name', 'metric.type', 'metric.unit', 'value', 'trace', 'span.id', 'project']);

const why = (days: number) => `the range starts more than ${days} days ago, past the raw points: it reads the rollups`;

type Acc = { count: number; sum: number; min: number | null; max: number | null; sketch: Sketch | null };
const empty = (): Acc => ({ count: 0, sum: 0, min: null, max: null, sketch: null });
function add(into: Acc, b: Pick<RollupBucket, 'count' | 'sum' | 'min' | 'max' | 'sketch'>): Acc {
  into.count += b.count;
  into.sum += b.sum;
  if (b.min !== null) into.min = into.min === null ? b.min : Math.min(into.min, b.min);
  if (b.max !== null) into.max = into.max === null ? b.max : Math.max(into.max, b.max);
  if (b.sketch) into.sketch = mergeSketches(into.sketch ?? new Map(), b.sketch);
  return into;
}

function valueOf(a: CompiledAggregate, x: Acc): number | null {
  const p = PERCENTILE[a.fn];
  if (p !== undefined) return x.sketch ? sketchQuantile(x.sketch, p, x) : null;
  if (a.fn === 'sum') return x.sum;
  if (a.fn === 'avg') return x.count ? x.sum / x.count : null;
  if (a.fn === 'min' || a.fn === 'max') return x[a.fn];
  return x.count;
}

/** The query as a rollup read: its one metric, its series filters and group-by keys. Refuses what rollups lack. */
export function rollupPlan(c: Compiled, query: string, days: number) {
  c.aggregates.forEach((a, i) => {
    if (!FUNCTIONS.has(a.fn) || (a.field !== null && a.field !== 'value'))
      refuse({
        path: ['aggregates', i],
        message: `${a.text}: ${why(days)}, which answer count(), sum, avg, min, max and p50-p99 of value, and epm()`,
      });
  });
  const parsed = parseExploreFilter(query);
  const terms: ExploreFilter[] = parsed.ok ? parsed.filters : [];
  const names = terms.filter((t) => t.kind === 'match' && t.key === 'metric.name' && !t.negated && !t.wildcard);
  if (names.length !== 1)
    refuse({ path: ['query'], message: `Name one metric (metric.name:<name>): ${why(days)} of one metric` });
  const filters: AttributeFilter[] = [];
  let type: string | undefined;
  for (const t of terms) {
    if (t === names[0]) continue;
    const key = 'key' in t ? (ATTRIBUTE_OF[t.key] ?? t.key) : '';
    const bad = t.kind === 'text' || t.kind === 'compare' || (t.kind === 'match' && t.wildcard) || FIELDS.has(key);
    if (t.kind === 'match' && t.key === 'metric.type' && !t.negated) type = t.value;
    else if (bad)
      refuse({
        path: ['query'],
        position: t.position,
        message: `This term needs the raw points: ${why(days)}, which filter by a series attribute's value or presence`,
      });
    else if (t.kind === 'has') filters.push({ key, op: t.negated ? 'not_exists' : 'exists' });
    else if (t.kind === 'match' || t.kind === 'in')
      filters.push({ key, op: t.negated ? 'not_in' : 'in', values: t.kind === 'in' ? t.values : [t.value] });
  }
  const groupBy = c.groups.map((g, i) => {
    if (FIELDS.has(g.name)) refuse({ path: ['groupBy', i], message: `Group by a series attribute: ${why(days)}` });
    return ATTRIBUTE_OF[g.name] ?? g.name;
  });
  return { name: (names[0] as { value: string }).value, filters, groupBy, type };
}

export type RollupRead = {
  orgId: string;
  query: string;
  pointDays: number;
  /** The whole minutes read from the rollups (default: the query's range) and buckets of the rest made from points. */
  minutes?: { from: number; to: number; edges: RollupBucket[] };
};

export async function runMetricRollups(c: Compiled, input: RollupRead) {
  const p = rollupPlan(c, input.query, input.pointDays);
  const needSketch = c.aggregates.some((a) => PERCENTILE[a.fn] !== undefined);
  const buckets = await readMetricRollups(
    { orgId: input.orgId, projectIds: c.projects.map((x) => x.id) },
    {
      name: p.name,
      type: p.type as 'counter' | undefined,
      from: new Date(input.minutes?.from ?? c.startMs),
      to: new Date(input.minutes?.to ?? c.endMs),
      intervalSeconds: c.intervalMs / 1000,
      filters: p.filters,
      groupBy: p.groupBy,
      sketch: needSketch,
    },
  );
  buckets.push(...(input.minutes?.edges ?? []));
  const keyOf = (g: (string | null)[]) => g.map((v) => (v === null ? '-' : `${v.length}:${v}`)).join('');
  const totals = new Map<string, { group: (string | null)[]; acc: Acc }>();
  for (const b of buckets) {
    const k = keyOf(b.group);
    if (!totals.has(k)) totals.set(k, { group: b.group, acc: empty() });
    add(totals.get(k)!.acc, b);
  }
  const first = c.aggregates[0];
  const ranked = [...totals].sort(([ka, a], [kb, b]) => {
    const [va, vb] = [valueOf(first, a.acc), valueOf(first, b.acc)];
    return va === vb ? (ka < kb ? -1 : 1) : va === null ? 1 : vb === null ? -1 : vb - va;
  });
  const rank = new Map(ranked.map(([k], i) => [k, i + 1]));
  const values = (acc: Acc) => Object.fromEntries(c.aggregates.map((a, i) => [`v${i}`, valueOf(a, acc)]));
  const groupCols = (g: (string | null)[]) => Object.fromEntries(g.map((v, i) => [`g${i}`, v]));
  const rows: Row[] = ranked.slice(0, Math.max(c.limit, c.topN)).map(([k, t], i) => ({
    part: 'table',
    rank: i + 1,
    gk: k,
    bucket: null,
    n: t.acc.count,
    groups: ranked.length,
    ...groupCols(t.group),
    ...values(t.acc),
  }));
  // The chart: the top N groups per bucket, the rest together as Other (their sketches merged, not their percentiles).
  const series = new Map<string, { gk: string | null; t: number; acc: Acc }>();
  for (const b of buckets) {
    const k = keyOf(b.group);
    const gk = c.groups.length === 0 || rank.get(k)! <= c.topN ? k : null;
    const t = Date.parse(b.time);
    const id = `${gk}|${t}`;
    if (!series.has(id)) series.set(id, { gk, t, acc: empty() });
    add(series.get(id)!.acc, b);
  }
  for (const s of series.values())
    rows.push({
      part: 'series',
      rank: null,
      gk: s.gk,
      bucket: new Date(s.t),
      n: s.acc.count,
      groups: null,
      ...values(s.acc),
    });
  const shaped = shapeResult(c, rows, null);
  return { ...shaped, meta: { ...shaped.meta, source: 'rollups' as const, estimated: needSketch } };
}

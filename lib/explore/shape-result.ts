// The statement's rows as the answer (#61): the table (a row per group, ranked by the first aggregate), the chart's
// series (per aggregate, the top N groups and "Other", every bucket of the range present) and what the numbers mean.
// A sample's counts and sums are multiplied back by the sampling rate; rates divide by the minutes they cover.
import type { Compiled, CompiledAggregate } from './compile';

export type Row = {
  part: 'table' | 'series';
  rank: number | null;
  gk: string | null;
  bucket: Date | null;
  n: number;
  groups: number | null;
} & Record<string, unknown>;

export type Point = [number, number | null];
export type Series = {
  aggregate: string;
  /** The group's values in group-by order (null: the row has none); empty without a group-by. */
  group: (string | null)[];
  /** The rest of the groups together. */
  other: boolean;
  label: string;
  values: Point[];
};
export type TableRow = Record<string, string | number | null>;

export type Sampled = { rate: number } | null;

const MINUTE_MS = 60_000;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** An aggregate's value as answered: extrapolated, per minute, rounded (counts whole). */
function valueOf(a: CompiledAggregate, raw: unknown, ctx: { scale: number; minutes: number }): number | null {
  if (raw === null || raw === undefined) return null;
  let v = Number(raw);
  if (a.extrapolate) v *= ctx.scale;
  if (a.fn === 'epm' || a.fn === 'spm') return round(v / ctx.minutes, 4);
  return a.fn === 'count' || a.fn === 'count_unique' ? Math.round(v) : round(v, 4);
}

/** Where a count has no rows in a bucket it is 0; an average or percentile of nothing is no value. */
const emptyValue = (a: CompiledAggregate) =>
  a.fn === 'count' || a.fn === 'count_unique' || a.fn === 'sum' || a.fn === 'epm' || a.fn === 'spm' ? 0 : null;

export function bucketStarts(c: Pick<Compiled, 'startMs' | 'endMs' | 'intervalMs'>): number[] {
  const out: number[] = [];
  for (let t = Math.floor(c.startMs / c.intervalMs) * c.intervalMs; t < c.endMs; t += c.intervalMs) out.push(t);
  return out;
}

export function shapeResult(c: Compiled, rows: Row[], sampled: Sampled) {
  const scale = sampled ? 1 / sampled.rate : 1;
  const slugOf = new Map(c.projects.flatMap((p) => [[p.id, p.slug] as const, [String(p.number), p.slug] as const]));
  const display = (i: number, v: unknown) =>
    v === null || v === undefined ? null : c.groups[i].project ? (slugOf.get(String(v)) ?? String(v)) : String(v);
  const rangeMinutes = (c.endMs - c.startMs) / MINUTE_MS;

  const tableRows = rows.filter((r) => r.part === 'table').sort((x, y) => x.rank! - y.rank!);
  const groupOf = new Map<string, { group: (string | null)[]; rank: number }>();
  for (const r of tableRows)
    groupOf.set(r.gk!, { group: c.groups.map((_, i) => display(i, r[`g${i}`])), rank: r.rank! });
  const table: TableRow[] = tableRows.slice(0, c.limit).map((r) => {
    const out: TableRow = {};
    c.groups.forEach((g, i) => (out[g.name] = display(i, r[`g${i}`])));
    c.aggregates.forEach((a, i) => (out[a.text] = valueOf(a, r[`v${i}`], { scale, minutes: rangeMinutes })));
    return out;
  });

  const buckets = bucketStarts(c);
  const overlapMinutes = (t: number) => (Math.min(t + c.intervalMs, c.endMs) - Math.max(t, c.startMs)) / MINUTE_MS;
  // Series in rank order, then Other: one per group with rows in range, per aggregate.
  const seriesRows = rows.filter((r) => r.part === 'series');
  const keys = [...new Set(seriesRows.map((r) => r.gk))].sort((x, y) =>
    x === null ? 1 : y === null ? -1 : groupOf.get(x)!.rank - groupOf.get(y)!.rank,
  );
  if (keys.length === 0 && c.groups.length === 0) keys.push('');
  const byKey = new Map<string | null, Map<number, Row>>(keys.map((k) => [k, new Map()]));
  for (const r of seriesRows) byKey.get(r.gk)!.set(r.bucket!.getTime(), r);
  const series: Series[] = c.aggregates.flatMap((a, i) =>
    keys.map((k) => {
      const group = k === null ? [] : (groupOf.get(k)?.group ?? []);
      const values: Point[] = buckets.map((t) => {
        const r = byKey.get(k)!.get(t);
        return [t, r ? valueOf(a, r[`v${i}`], { scale, minutes: overlapMinutes(t) }) : emptyValue(a)];
      });
      const label = k === null ? 'Other' : group.length ? group.map((v) => v ?? '(none)').join(' · ') : a.text;
      return { aggregate: a.text, group, other: k === null, label, values };
    }),
  );
  const groups = tableRows[0]?.groups ?? 0;
  return {
    series,
    table,
    meta: {
      dataset: c.dataset.name,
      start: new Date(c.startMs).toISOString(),
      end: new Date(c.endMs).toISOString(),
      interval: c.interval,
      groupBy: c.groups.map((g) => g.name),
      aggregates: c.aggregates.map((a) => a.text),
      units: Object.fromEntries(c.aggregates.map((a) => [a.text, a.unit])),
      groups,
      truncated: groups > c.limit,
      rows: seriesRows.reduce((n, r) => n + r.n, 0),
      sampled: sampled !== null,
      sampleRate: sampled ? sampled.rate : 1,
      estimated: sampled !== null,
    },
  };
}
export type ExploreResult = ReturnType<typeof shapeResult>;

// Points into rollups (#61): what a batch of points adds to each series' minute and hour (count, sum, min, max, the
// last value and when, and a sketch of a distribution's values), worked out in memory so a batch writes one row per
// series and bucket. The same fold, negated, is what an erasure takes back out (lib/privacy).
import { addToSketch, mergeSketches, type Sketch } from './sketch';
import type { Histogram, RollupPoint } from './types';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** One series' rollup of one bucket (a minute or an hour). */
export type RollupRow = {
  series: string;
  project: number;
  bucketMs: number;
  count: number;
  sum: number;
  /** Unknown (null) only for histogram points sent without their extremes. */
  min: number | null;
  max: number | null;
  /** The value with the latest time (a gauge's reading), and that time. */
  last: number | null;
  lastAtMs: number;
  /** A distribution's values (histogram buckets at their middle); null for counters and gauges. */
  sketch: Sketch | null;
};

/** Where a histogram bucket's values are taken to be: the middle of its bounds, within the point's extremes. */
function middle(lo: number, hi: number, h: Histogram): number {
  const min = h.min ?? -Infinity;
  const max = h.max ?? Infinity;
  const a = Math.min(Math.max(lo, min), max);
  const b = Math.min(Math.max(hi, min), max);
  const m = Number.isFinite(a) && Number.isFinite(b) ? (a + b) / 2 : Number.isFinite(a) ? a : b;
  return Number.isFinite(m) ? m : 0;
}

/** Each bucket of a histogram point as (value, count): the bucket's middle and how many fell in it. */
export function histogramValues(h: Histogram): [number, number][] {
  const out: [number, number][] = [];
  if (h.kind === 'explicit') {
    const { bounds, counts } = h;
    for (let i = 0; i < counts.length; i++) {
      if (!counts[i]) continue;
      const lo = i === 0 ? (h.min ?? bounds[0] ?? 0) : bounds[i - 1];
      const hi = i >= bounds.length ? (h.max ?? bounds[bounds.length - 1] ?? 0) : bounds[i];
      out.push([middle(lo, hi, h), counts[i]]);
    }
    return out;
  }
  const base = 2 ** (2 ** -h.scale);
  if (h.zeroCount) out.push([0, h.zeroCount]);
  for (const [side, sign] of [
    [h.positive, 1],
    [h.negative, -1],
  ] as const) {
    side.counts.forEach((c, i) => {
      if (!c) return;
      const lo = base ** (side.offset + i);
      const hi = base ** (side.offset + i + 1);
      out.push([sign > 0 ? middle(lo, hi, h) : middle(-hi, -lo, h), c]);
    });
  }
  return out;
}

/** A histogram point's sum when it was not sent: its buckets' middles times their counts. */
export function estimatedSum(h: Histogram): number {
  return histogramValues(h).reduce((s, [v, c]) => s + v * c, 0);
}

/** Folds `p` into `row` (a new row of the bucket starting at `bucketMs` when null); returns the row. */
export function addPoint(row: RollupRow | null, p: RollupPoint, bucketMs: number): RollupRow {
  const r = row ?? newRow(p.series, p.project, bucketMs, p.type);
  foldInto(r, p.timeMs, p.value, p.histogram);
  return r;
}

function newRow(series: string, project: number, bucketMs: number, type: RollupPoint['type']): RollupRow {
  return {
    series,
    project,
    bucketMs,
    count: 0,
    sum: 0,
    min: null,
    max: null,
    last: null,
    lastAtMs: -Infinity,
    sketch: type === 'distribution' ? new Map() : null,
  };
}

/** Adds a point's value (or histogram) at `timeMs` to a row. */
function foldInto(r: RollupRow, timeMs: number, value: number | null, h: Histogram | null): void {
  const values = h ? histogramValues(h) : null;
  // A histogram without its extremes (a cumulative stream's later points): its buckets' middles stand in.
  const lo = values ? (h!.min ?? (values.length ? Math.min(...values.map(([v]) => v)) : null)) : value;
  const hi = values ? (h!.max ?? (values.length ? Math.max(...values.map(([v]) => v)) : null)) : value;
  r.count += h ? h.count : 1;
  r.sum += h ? (value ?? estimatedSum(h)) : (value ?? 0);
  if (lo !== null) r.min = r.min === null ? lo : Math.min(r.min, lo);
  if (hi !== null) r.max = r.max === null ? hi : Math.max(r.max, hi);
  if (timeMs >= r.lastAtMs) {
    r.last = value;
    r.lastAtMs = timeMs;
  }
  if (r.sketch) {
    if (values) for (const [v, c] of values) addToSketch(r.sketch, v, c);
    else if (value !== null) addToSketch(r.sketch, value);
  }
}

/** One order for every writer: two batches upserting the same rows lock them in the same order (no deadlock). */
function ordered(rows: Iterable<RollupRow>): RollupRow[] {
  // Each series' id read as a number once, not once per comparison.
  const keyed = [...rows].map((r) => ({ r, id: BigInt(r.series) }));
  keyed.sort((a, b) => (a.id === b.id ? a.r.bucketMs - b.r.bucketMs : a.id < b.id ? -1 : 1));
  return keyed.map((k) => k.r);
}

/** Rows of finer buckets (minutes) merged into buckets of `bucketMs` (hours), in (series, bucket) order. */
export function foldRows(rows: readonly RollupRow[], bucketMs: number): RollupRow[] {
  const out = new Map<string, RollupRow>();
  for (const r of rows) {
    const bucket = Math.floor(r.bucketMs / bucketMs) * bucketMs;
    const key = `${r.series}|${bucket}`;
    const o = out.get(key);
    if (!o) {
      out.set(key, { ...r, bucketMs: bucket, sketch: r.sketch ? new Map(r.sketch) : null });
      continue;
    }
    o.count += r.count;
    o.sum += r.sum;
    if (r.min !== null) o.min = o.min === null ? r.min : Math.min(o.min, r.min);
    if (r.max !== null) o.max = o.max === null ? r.max : Math.max(o.max, r.max);
    if (r.lastAtMs >= o.lastAtMs) {
      o.last = r.last;
      o.lastAtMs = r.lastAtMs;
    }
    if (r.sketch) mergeSketches((o.sketch ??= new Map()), r.sketch);
  }
  return ordered(out.values());
}

/** What points add to each series' buckets of one size (a minute or an hour), gathered point by point. */
export class RollupFold {
  // By series, then bucket: no key made per point.
  private readonly out = new Map<string, Map<number, RollupRow>>();
  constructor(private readonly bucketMs: number) {}

  /** Adds a point of the series `series` (its id) of project number `project`. */
  add(series: string, project: number, p: Omit<RollupPoint, 'series' | 'project'> | MetricLike): void {
    const timeMs = 'timeMs' in p ? p.timeMs : p.timestampMs;
    const bucket = Math.floor(timeMs / this.bucketMs) * this.bucketMs;
    let buckets = this.out.get(series);
    if (!buckets) this.out.set(series, (buckets = new Map()));
    let row = buckets.get(bucket);
    if (!row) buckets.set(bucket, (row = newRow(series, project, bucket, p.type)));
    foldInto(row, timeMs, p.value, p.histogram);
  }

  /** The rows, in (series, bucket) order. */
  rows(): RollupRow[] {
    const all: RollupRow[] = [];
    for (const buckets of this.out.values()) for (const r of buckets.values()) all.push(r);
    return ordered(all);
  }
}

/** A point as ingest holds it (its time named timestampMs). */
type MetricLike = Pick<RollupPoint, 'type' | 'value' | 'histogram'> & { timestampMs: number };

/** The rows `points` add to each series' bucket of `bucketMs` (a minute or an hour), in (series, bucket) order. */
export function foldPoints(points: readonly RollupPoint[], bucketMs: number): RollupRow[] {
  const fold = new RollupFold(bucketMs);
  for (const p of points) fold.add(p.series, p.project, p);
  return fold.rows();
}

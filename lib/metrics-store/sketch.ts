// A mergeable sketch of a distribution's values (#61), for percentiles of metric rollups: a DDSketch with 1 % relative
// accuracy. A value falls in the bucket of its sign and its logarithm base GAMMA, so any quantile read back is within
// 1 % of a value of the right rank, whatever the range (latencies in ms, bytes, negative deltas), and two sketches
// merge by adding their buckets' counts: per minute, per hour, across series. Stored as one bigint array of
// key, count pairs in key order (metric_minutes.sketch), merged in SQL by metric_sketch_merge (the migration) and
// here by mergeSketches; a bucket's key orders as its values do (negative keys below zero's, positive above).

/** The relative accuracy: an estimate is within this fraction of a value of the asked rank. */
export const SKETCH_ACCURACY = 0.01;
const GAMMA = (1 + SKETCH_ACCURACY) / (1 - SKETCH_ACCURACY);
const LN_GAMMA = Math.log(GAMMA);
/** Magnitudes at or below this count as zero (the zero bucket, key 0). */
const MIN_INDEXABLE = 1e-9;
// log_GAMMA(MIN_INDEXABLE) is about -1036: shifted by OFFSET every non-zero key is at least 1012 away from zero.
const OFFSET = 2048;

/** Key → count, as built and merged in memory. */
export type Sketch = Map<number, number>;

/** The bucket key of a finite value. */
export function sketchKey(v: number): number {
  const m = Math.abs(v);
  if (!(m > MIN_INDEXABLE)) return 0;
  const k = Math.ceil(Math.log(m) / LN_GAMMA) + OFFSET;
  return v > 0 ? k : -k;
}

/** A value standing for every value of a bucket: within SKETCH_ACCURACY of each of them. */
export function sketchValue(key: number): number {
  if (key === 0) return 0;
  const k = Math.abs(key) - OFFSET;
  const v = (2 * GAMMA ** k) / (GAMMA + 1);
  return key > 0 ? v : -v;
}

/** Adds `count` values `v` to the sketch. */
export function addToSketch(s: Sketch, v: number, count = 1): void {
  if (count === 0 || !Number.isFinite(v)) return;
  const k = sketchKey(v);
  const n = (s.get(k) ?? 0) + count;
  if (n === 0) s.delete(k);
  else s.set(k, n);
}

/** Adds every bucket of `from` into `into` (a negative count takes values back out). */
export function mergeSketches(into: Sketch, from: Sketch, sign = 1): Sketch {
  for (const [k, c] of from) {
    const n = (into.get(k) ?? 0) + sign * c;
    if (n === 0) into.delete(k);
    else into.set(k, n);
  }
  return into;
}

/** As stored: [key, count, key, count…] in key order; null for an empty sketch. */
export function sketchPairs(s: Sketch): number[] | null {
  if (s.size === 0) return null;
  const keys = [...s.keys()].sort((a, b) => a - b);
  const out: number[] = [];
  for (const k of keys) out.push(k, s.get(k)!);
  return out;
}

/** A stored pairs array (numbers or the driver's bigint strings) as a sketch. */
export function sketchOfPairs(pairs: readonly (number | string)[] | null | undefined): Sketch {
  const s: Sketch = new Map();
  if (!pairs) return s;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const k = Number(pairs[i]);
    s.set(k, (s.get(k) ?? 0) + Number(pairs[i + 1]));
  }
  return s;
}

/** The PostgreSQL array literal of a sketch's pairs (`{k,c,…}`), or null. */
export function sketchLiteral(s: Sketch): string | null {
  const pairs = sketchPairs(s);
  return pairs ? `{${pairs.join(',')}}` : null;
}

/** How many values the sketch holds. */
export function sketchCount(s: Sketch): number {
  let n = 0;
  for (const c of s.values()) n += c;
  return n;
}

/**
 * The q-quantile (0–1) of the sketch's values: the value of rank floor(q × (n − 1)) (0-based, in ascending order),
 * within SKETCH_ACCURACY; clamped into [min, max] when they are known (the extremes are exact). Null when empty.
 */
export function sketchQuantile(s: Sketch, q: number, bounds: { min?: number | null; max?: number | null } = {}) {
  const n = sketchCount(s);
  if (n <= 0) return null;
  const rank = Math.floor(Math.min(1, Math.max(0, q)) * (n - 1));
  let seen = 0;
  let value: number | null = null;
  for (const k of [...s.keys()].sort((a, b) => a - b)) {
    seen += s.get(k)!;
    if (seen > rank) {
      value = sketchValue(k);
      break;
    }
  }
  if (value === null) return null;
  if (bounds.min !== null && bounds.min !== undefined && value < bounds.min) value = bounds.min;
  if (bounds.max !== null && bounds.max !== undefined && value > bounds.max) value = bounds.max;
  return value;
}

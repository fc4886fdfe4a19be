import { describe, expect, it } from 'vitest';
import { estimatedSum, foldPoints, foldRows, histogramValues, HOUR_MS, MINUTE_MS } from './rollup-math';
import type { Histogram, RollupPoint } from './types';

const T = Date.UTC(2026, 11, 1, 10, 0, 0);
const point = (over: Partial<RollupPoint>): RollupPoint => ({
  series: '42',
  project: 7,
  type: 'gauge',
  timeMs: T,
  value: 1,
  histogram: null,
  ...over,
});
const explicit = (over: Partial<Histogram & { kind: 'explicit' }> = {}): Histogram => ({
  kind: 'explicit',
  count: 6,
  min: 2,
  max: 700,
  bounds: [10, 50, 500],
  counts: [1, 2, 0, 3],
  ...over,
});

describe('rollups of points', () => {
  it('count, sum, extremes and the value with the latest time, per series and minute', () => {
    const rows = foldPoints(
      [
        point({ value: 5, timeMs: T + 30_000 }),
        point({ value: 9, timeMs: T + 10_000 }),
        point({ value: -2, timeMs: T + 20_000 }),
        point({ value: 4, timeMs: T + 60_000 }),
        point({ series: '-3', value: 1 }),
      ],
      MINUTE_MS,
    );
    expect(rows.map((r) => [r.series, r.bucketMs - T, r.count, r.sum, r.min, r.max, r.last])).toEqual([
      ['-3', 0, 1, 1, 1, 1, 1],
      ['42', 0, 3, 12, -2, 9, 5],
      ['42', 60_000, 1, 4, 4, 4, 4],
    ]);
    expect(rows.every((r) => r.sketch === null)).toBe(true);
  });

  it('a distribution keeps a sketch; a histogram point adds its count and its buckets at their middles', () => {
    const [row] = foldPoints(
      [point({ type: 'distribution', value: 3 }), point({ type: 'distribution', value: 1400, histogram: explicit() })],
      MINUTE_MS,
    );
    expect([row.count, row.sum, row.min, row.max]).toEqual([7, 1403, 2, 700]);
    expect([...row.sketch!.values()].reduce((a, b) => a + b)).toBe(7);
    // (-inf, 10] from the minimum, (10, 50], (500, +inf) up to the maximum.
    expect(histogramValues(explicit())).toEqual([
      [6, 1],
      [30, 2],
      [600, 3],
    ]);
    expect(estimatedSum(explicit())).toBe(6 + 60 + 1800);
  });

  it('an exponential histogram: its zero bucket, positive and negative buckets at their middles', () => {
    const h: Histogram = {
      kind: 'exponential',
      count: 4,
      min: -3,
      max: 3,
      scale: 0,
      zeroCount: 1,
      zeroThreshold: 0,
      positive: { offset: 1, counts: [2] },
      negative: { offset: 1, counts: [1] },
    };
    // scale 0: bucket 1 holds (2, 4], clamped to the maximum 3.
    expect(histogramValues(h)).toEqual([
      [0, 1],
      [2.5, 2],
      [-2.5, 1],
    ]);
  });

  it('a histogram without extremes takes its buckets’ middles for them', () => {
    const [row] = foldPoints(
      [point({ type: 'distribution', value: 10, histogram: explicit({ min: null, max: null }) })],
      MINUTE_MS,
    );
    expect([row.min, row.max]).toEqual([10, 500]);
  });

  it('minutes merged into hours equal the points folded by hour', () => {
    const points = Array.from({ length: 500 }, (_, i) =>
      point({
        series: String(i % 3),
        type: 'distribution',
        timeMs: T + ((i * 7919) % 7200) * 1000,
        value: (i * 37) % 101,
      }),
    );
    expect(foldRows(foldPoints(points, MINUTE_MS), HOUR_MS)).toEqual(foldPoints(points, HOUR_MS));
  });
});

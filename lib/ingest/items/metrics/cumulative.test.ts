import { describe, expect, it } from 'vitest';
import type { Histogram } from '@/lib/metrics-store/types';
import { deltaOf, histogramDelta, type StreamState } from './cumulative';
import type { MetricPoint } from './metric-point';

const point = (value: number | null, timestampMs: number, startMs = 0, histogram: Histogram | null = null) =>
  ({
    name: 'jobs.done',
    type: 'counter',
    unit: '',
    timestampMs,
    traceId: null,
    spanId: null,
    value,
    set: 0,
    own: null,
    histogram,
    cumulative: { stream: '1', startMs },
  }) as MetricPoint;
const state = (value: number, timeMs: number, startMs = 0, histogram: Histogram | null = null): StreamState => ({
  startMs,
  timeMs,
  value,
  histogram,
});
const valueOf = (r: ReturnType<typeof deltaOf>) => (r.point === 'repeat' ? 'repeat' : r.point.value);

describe('a cumulative stream stored as what each point added', () => {
  it.each([
    ['its first point: everything since its start', null, point(5, 10), 5],
    ['a later point: the difference', state(5, 10), point(12, 20), 7],
    ['the same point again: a repeat', state(5, 10), point(5, 10), 'repeat'],
    ['an older point: a repeat', state(12, 20), point(5, 10), 'repeat'],
    ['a new start time (a restart): everything since it', state(12, 20), point(3, 30, 25), 3],
    ['a value that went down (a reset): everything', state(12, 20), point(2, 30), 2],
  ])('%s', (_name, before, p, expected) => {
    expect(valueOf(deltaOf(p, before))).toBe(expected);
    expect(p.cumulative).not.toBeNull();
  });

  it('a stored point is no longer cumulative, and the state moves to the point', () => {
    const r = deltaOf(point(12, 20), state(5, 10));
    expect(r.point !== 'repeat' && r.point.cumulative).toBeNull();
    expect(r.state).toEqual({ startMs: 0, timeMs: 20, value: 12, histogram: null });
  });

  const h = (count: number, counts: number[], min: number | null, max: number | null, bounds = [10, 100]) =>
    ({ kind: 'explicit', count, min, max, bounds, counts }) as const satisfies Histogram;

  it('a histogram: each bucket’s and the count’s difference; extremes only where they moved', () => {
    expect(histogramDelta(h(5, [2, 2, 1], 1, 200), h(3, [1, 2, 0], 2, 150))).toEqual(h(2, [1, 0, 1], 1, 200));
    expect(histogramDelta(h(5, [2, 2, 1], 2, 150), h(3, [1, 2, 0], 2, 150))).toEqual(h(2, [1, 0, 1], null, null));
    // A bucket that went down, or other bounds: a restart (null: store the point whole).
    expect(histogramDelta(h(5, [0, 4, 1], 1, 200), h(3, [1, 2, 0], 2, 150))).toBeNull();
    expect(histogramDelta(h(5, [2, 2, 1], 1, 200), h(3, [1, 2, 0], 2, 150, [10, 50]))).toBeNull();
  });

  it('an exponential histogram whose scale went down: the earlier buckets folded to the new scale first', () => {
    const exp = (scale: number, offset: number, counts: number[], count: number): Histogram => ({
      kind: 'exponential',
      count,
      min: null,
      max: null,
      scale,
      zeroCount: 0,
      zeroThreshold: 0,
      positive: { offset, counts },
      negative: { offset: 0, counts: [] },
    });
    // Scale 1 buckets 4 and 5 are scale 0 bucket 2; scale 1 bucket 6 is scale 0 bucket 3.
    const before = exp(1, 4, [1, 1, 1], 3);
    const now = exp(0, 2, [3, 2], 5);
    expect(histogramDelta(now, before)).toEqual(exp(0, 2, [1, 1], 2));
  });
});

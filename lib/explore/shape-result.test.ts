import { describe, expect, it } from 'vitest';
import { exploreQuerySchema, type ExploreQueryInput } from '@/lib/zod/explore';
import { compileQuery } from './compile';
import { bucketStarts, shapeResult, type Row } from './shape-result';

const H = 3_600_000;
const START = Date.parse('2026-12-01T00:00:00Z');
const projects = [{ id: 'p-shop', number: 7, slug: 'shop', name: 'Shop' }];
const compile = (q: Partial<ExploreQueryInput>) =>
  compileQuery(
    exploreQuerySchema.parse({
      dataset: 'spans',
      start: new Date(START).toISOString(),
      end: new Date(START + 3 * H).toISOString(),
      interval: '1h',
      ...q,
    }),
    { nowMs: START + 3 * H, retentionDays: 90, projects },
  );

const table = (rank: number, gk: string, g0: string | null, v: number[], groups = 3): Row =>
  ({
    part: 'table',
    rank,
    gk,
    g0,
    bucket: null,
    n: 0,
    groups,
    ...Object.fromEntries(v.map((x, i) => [`v${i}`, x])),
  }) as Row;
const series = (hour: number, gk: string | null, v: number[]): Row =>
  ({
    part: 'series',
    rank: null,
    gk,
    g0: null,
    bucket: new Date(START + hour * H),
    n: v[0],
    groups: null,
    ...Object.fromEntries(v.map((x, i) => [`v${i}`, x])),
  }) as Row;

describe('the answer', () => {
  it('has every bucket of the range', () => {
    expect(bucketStarts({ startMs: START + 10, endMs: START + 2 * H, intervalMs: H })).toEqual([START, START + H]);
  });

  it('ranks groups, adds Other, fills empty buckets (0 for counts, nothing for percentiles)', () => {
    const c = compile({ aggregates: ['count()', 'p95(span.duration)'], groupBy: ['span.op'], topN: 1 });
    const r = shapeResult(
      c,
      [
        table(2, '2:ui', 'ui', [5, 30]),
        table(1, '2:db', 'db', [10, 12.345678]),
        table(3, '-', null, [1, 1]),
        series(0, '2:db', [4, 10]),
        series(2, '2:db', [6, 14]),
        series(1, null, [6, 30]),
      ],
      null,
    );
    expect(r.table).toEqual([
      { 'span.op': 'db', 'count()': 10, 'p95(span.duration)': 12.3457 },
      { 'span.op': 'ui', 'count()': 5, 'p95(span.duration)': 30 },
      { 'span.op': null, 'count()': 1, 'p95(span.duration)': 1 },
    ]);
    expect(r.series.map((s) => [s.aggregate, s.label, s.other, s.values.map((v) => v[1])])).toEqual([
      ['count()', 'db', false, [4, 0, 6]],
      ['count()', 'Other', true, [0, 6, 0]],
      ['p95(span.duration)', 'db', false, [10, null, 14]],
      ['p95(span.duration)', 'Other', true, [null, 30, null]],
    ]);
    expect(r.meta).toMatchObject({ groups: 3, truncated: false, rows: 16, sampled: false, sampleRate: 1 });
    expect(r.meta.units).toEqual({ 'count()': null, 'p95(span.duration)': 'millisecond' });
  });

  it('multiplies a sample’s counts and sums back, not its averages; rates per minute; projects by slug', () => {
    const c = compile({
      aggregates: ['count()', 'sum(span.duration)', 'avg(span.duration)', 'spm()'],
      groupBy: ['project'],
    });
    const r = shapeResult(
      c,
      [table(1, '1:7', '7', [10, 100.5, 10.05, 10], 1), series(0, '1:7', [10, 100.5, 10.05, 10])],
      {
        rate: 0.1,
      },
    );
    expect(r.table).toEqual([
      { project: 'shop', 'count()': 100, 'sum(span.duration)': 1005, 'avg(span.duration)': 10.05, 'spm()': 0.5556 },
    ]);
    // 100 spans over the first hour: 1.6667 a minute.
    expect(r.series.find((s) => s.aggregate === 'spm()')!.values[0]).toEqual([START, 1.6667]);
    expect(r.meta).toMatchObject({ sampled: true, sampleRate: 0.1, estimated: true });
  });

  it('answers one series of zeros for a count without a group and without rows', () => {
    const r = shapeResult(compile({}), [], null);
    expect(r.table).toEqual([]);
    expect(r.series).toEqual([
      {
        aggregate: 'count()',
        group: [],
        other: false,
        label: 'count()',
        values: [
          [START, 0],
          [START + H, 0],
          [START + 2 * H, 0],
        ],
      },
    ]);
  });
});

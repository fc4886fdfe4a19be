import { describe, expect, it } from 'vitest';
import type { OtlpMetric, OtlpResourceMetrics } from '@/lib/envelope/otlp/decode-metrics';
import { mapOtlpMetrics, MAX_DATA_POINTS } from './map-otlp-metrics';

const NOW = Date.UTC(2026, 11, 1, 12);
const metric = (over: Partial<OtlpMetric>): OtlpMetric => ({
  name: 'm',
  unit: '',
  kind: 'gauge',
  monotonic: false,
  temporality: 0,
  scope: { name: 's', version: '1' },
  points: [{ attributes: { a: 'x' }, startMs: NOW - 60_000, timeMs: NOW - 1000, flags: 0, value: 2 }],
  ...over,
});
const batch = (metrics: OtlpMetric[], resource = {}): OtlpResourceMetrics[] => [{ resource, metrics }];
const one = (m: Partial<OtlpMetric>) => mapOtlpMetrics(batch([metric(m)]), NOW);

describe('OTLP metrics as metric points', () => {
  it.each([
    ['a gauge', { kind: 'gauge' }, 'gauge', false],
    ['a monotonic delta sum', { kind: 'sum', monotonic: true, temporality: 1 }, 'counter', false],
    ['a monotonic cumulative sum', { kind: 'sum', monotonic: true, temporality: 2 }, 'counter', true],
    ['a non-monotonic cumulative sum (a level)', { kind: 'sum', monotonic: false, temporality: 2 }, 'gauge', false],
    ['a non-monotonic delta sum (a change)', { kind: 'sum', monotonic: false, temporality: 1 }, 'counter', false],
  ] as const)('%s is a %s (cumulative: %s)', (_name, m, type, cumulative) => {
    const { item, refused } = one(m);
    expect(refused).toEqual([]);
    expect(item.points.map((p) => [p.type, p.value, p.cumulative !== null])).toEqual([[type, 2, cumulative]]);
  });

  it('a histogram is a distribution with its buckets; a cumulative one names its stream and start', () => {
    const { item } = one({
      kind: 'histogram',
      temporality: 2,
      points: [
        {
          attributes: {},
          startMs: NOW - 60_000,
          timeMs: NOW - 1000,
          flags: 0,
          value: 9,
          count: 3,
          min: 1,
          max: 5,
          bounds: [2],
          counts: [1, 2],
        },
      ],
    });
    expect(item.points[0]).toMatchObject({
      type: 'distribution',
      value: 9,
      histogram: { kind: 'explicit', count: 3, min: 1, max: 5, bounds: [2], counts: [1, 2] },
      cumulative: { startMs: NOW - 60_000, stream: expect.stringMatching(/^-?\d+$/) },
    });
  });

  it('summaries are unsupported, points without a value filtered, the rest past the cap unusable', () => {
    const many = Array.from({ length: MAX_DATA_POINTS + 2 }, () => metric({}).points[0]);
    const { item, refused } = mapOtlpMetrics(
      batch([
        metric({ kind: 'summary' }),
        metric({ points: [{ ...metric({}).points[0], flags: 1 }] }),
        metric({ points: many }),
      ]),
      NOW,
    );
    expect(item.points).toHaveLength(MAX_DATA_POINTS);
    expect(refused).toEqual([
      { outcome: 'unsupported', reason: 'summary', quantity: 1 },
      { outcome: 'filtered', reason: 'no_recorded_value', quantity: 1 },
      { outcome: 'invalid', reason: 'unusable_or_over_cap', quantity: 2 },
    ]);
  });

  it('resource attributes join the point’s, without process.* and telemetry.*; version and environment for Sentry', () => {
    const { item } = mapOtlpMetrics(
      batch([metric({})], {
        'service.name': 'api',
        'service.version': '2.0',
        'deployment.environment': 'prod',
        'process.pid': 4242,
        'telemetry.sdk.name': 'opentelemetry',
      }),
      NOW,
    );
    expect(item.sets[item.points[0].set]).toEqual({
      a: 'x',
      'deployment.environment': 'prod',
      'sentry.environment': 'prod',
      'sentry.release': '2.0',
      'service.name': 'api',
      'service.version': '2.0',
    });
  });

  it.each([
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'validation: name'],
    ['NaN', { points: [{ ...metric({}).points[0], value: NaN }] }, 'validation: value'],
    ['no time', { points: [{ ...metric({}).points[0], timeMs: NaN }] }, 'validation: timestamp'],
    [
      'buckets that do not match the bounds',
      { kind: 'histogram' as const, points: [{ ...metric({}).points[0], count: 1, bounds: [1, 2], counts: [1] }] },
      'validation: value',
    ],
  ])('%s: refused (%s)', (_name, m, reason) => {
    expect(one(m as Partial<OtlpMetric>).refused).toEqual([{ outcome: 'invalid', reason, quantity: 1 }]);
  });
});

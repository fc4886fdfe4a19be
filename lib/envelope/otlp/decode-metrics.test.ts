// OTLP metrics decoding (#61): the official example export (opentelemetry-proto's examples/metrics.json, Apache 2.0,
// copied unchanged into tests/fixtures/otlp) read from its JSON and from the same message in protobuf, written with
// the vendored definitions, into one plain shape.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeOtlp } from './decode';
import { otlpRoot } from './proto-root';

const json = fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/otlp/metrics.json'));
const T = Date.UTC(2018, 11, 13, 14, 51, 0, 300);
const attrs = (k: string) => ({ [k]: 'some value' });

const EXPECTED = [
  {
    resource: { 'service.name': 'my.service' },
    metrics: [
      {
        name: 'my.counter',
        unit: '1',
        kind: 'sum',
        monotonic: true,
        temporality: 1,
        scope: { name: 'my.library', version: '1.0.0' },
        points: [{ attributes: attrs('my.counter.attr'), startMs: T, timeMs: T, flags: 0, value: 5 }],
      },
      {
        name: 'my.gauge',
        unit: '1',
        kind: 'gauge',
        monotonic: false,
        temporality: 0,
        scope: { name: 'my.library', version: '1.0.0' },
        points: [{ attributes: attrs('my.gauge.attr'), startMs: NaN, timeMs: T, flags: 0, value: 10 }],
      },
      {
        name: 'my.histogram',
        unit: '1',
        kind: 'histogram',
        monotonic: false,
        temporality: 1,
        scope: { name: 'my.library', version: '1.0.0' },
        points: [
          {
            attributes: attrs('my.histogram.attr'),
            startMs: T,
            timeMs: T,
            flags: 0,
            value: 2,
            count: 2,
            min: 0,
            max: 2,
            bounds: [1],
            counts: [1, 1],
          },
        ],
      },
      {
        name: 'my.exponential.histogram',
        unit: '1',
        kind: 'exponential_histogram',
        monotonic: false,
        temporality: 1,
        scope: { name: 'my.library', version: '1.0.0' },
        points: [
          {
            attributes: attrs('my.exponential.histogram.attr'),
            startMs: T,
            timeMs: T,
            flags: 0,
            value: 10,
            count: 3,
            min: 0,
            max: 5,
            scale: 0,
            zeroCount: 1,
            zeroThreshold: 0,
            positive: { offset: 1, counts: [0, 2] },
            negative: { offset: 0, counts: [] },
          },
        ],
      },
    ],
  },
];

describe('decodeOtlp: metrics', () => {
  it('reads the official example export from JSON', () => {
    expect(decodeOtlp('metrics', json, 'application/json')).toEqual({
      ok: true,
      traces: [],
      logs: [],
      metrics: EXPECTED,
      tooDeep: 0,
    });
  });

  it('reads the same export from protobuf alike', () => {
    const type = otlpRoot().lookupType('opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest');
    const bytes = Buffer.from(type.encode(type.fromObject(JSON.parse(json.toString('utf8')))).finish());
    expect(decodeOtlp('metrics', bytes, 'application/x-protobuf')).toEqual(
      decodeOtlp('metrics', json, 'application/json'),
    );
  });

  it('reads a temporality written by its name', () => {
    const body = JSON.parse(json.toString('utf8'));
    body.resourceMetrics[0].scopeMetrics[0].metrics[0].sum.aggregationTemporality =
      'AGGREGATION_TEMPORALITY_CUMULATIVE';
    const d = decodeOtlp('metrics', Buffer.from(JSON.stringify(body)), 'application/json');
    expect(d.ok && d.metrics[0].metrics[0].temporality).toBe(2);
  });
});

// #61: OTLP metrics. The official OpenTelemetry JS metrics SDK and its OTLP/HTTP exporters (JSON and protobuf, delta
// and the default cumulative temporality) send a counter, an up-down counter, a gauge, an explicit-bucket and an
// exponential histogram in two rounds; every point reads back exactly (a cumulative stream as what each export
// added), and the rollups sum them. Exports with bad data points answer 200 with partialSuccess.rejectedDataPoints
// and the first reason, each refusal counted on the Stats page, the rest of the export stored.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetricRollups } from '@/lib/metrics-store';
import { signUp } from '../support/accounts';
import { outcomeRows } from '../support/outcome-rows';
import { createProject } from '../support/fixtures';
import { exportAnswer, otlpExport, type Encoding, type MetricSpec } from '../support/otlp-exports';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, '../support/metrics-sdks/otel-metrics.mjs');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

type Point = { name: string; type: string; unit: string; value: number; attributes: object; histogram: unknown };

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Jobs');
  const key = project.keys[0].publicKey;
  /** Every stored point of `name`, oldest first. */
  const points = async (name: string) => {
    const res = await s.client.get(`/api/v1/projects/${project.id}/metrics/points?name=${name}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.data.points as Point[]).reverse();
  };
  const stats = () => outcomeRows(s.client, project.id, 'trace_metric');
  const send = async (metrics: MetricSpec[], encoding: Encoding) => {
    const { body, contentType } = otlpExport('metrics', metrics, encoding);
    const res = await fetch(server.otlpUrl(project.number, 'metrics'), {
      method: 'POST',
      body: typeof body === 'string' ? body : Buffer.from(body),
      headers: { 'content-type': contentType, 'x-sentry-auth': `sentry sentry_key=${key}` },
    });
    return { status: res.status, answer: exportAnswer('metrics', new Uint8Array(await res.arrayBuffer()), encoding) };
  };
  const rollup = async (name: string) => {
    const hour = 3_600_000;
    const from = new Date(Math.floor(Date.now() / hour) * hour - 2 * hour);
    const [all, ...more] = await readMetricRollups(
      { orgId: s.orgId, projectIds: [project.id] },
      { name, from, to: new Date(from.getTime() + 4 * hour), intervalSeconds: 4 * 3600 },
    );
    expect(more).toEqual([]);
    return all;
  };
  return { ...s, project, key, points, stats, send, rollup };
}

const RESOURCE = {
  'service.name': 'jobs-worker',
  'service.version': 'jobs@3.1.0',
  'sentry.release': 'jobs@3.1.0',
  'deployment.environment.name': 'staging',
  'sentry.environment': 'staging',
};
const BOUNDS = [10, 50, 100, 500];

describe.each([
  ['json', 'delta'],
  ['protobuf', 'delta'],
  ['json', 'cumulative'],
  ['protobuf', 'cumulative'],
] as const)('the OpenTelemetry JS exporter, %s, %s temporality', (encoding, temporality) => {
  it('counters, gauges and histograms read back exactly; the rollups sum them', async () => {
    const s = await setup();
    const before = server.received.length;
    const { stdout } = await run(
      process.execPath,
      [PROGRAM, server.otlpUrl(s.project.number, 'metrics'), s.key, encoding, temporality],
      { timeout: 60_000 },
    );
    expect(stdout.trim().split('\n')).toEqual(['sent']);
    expect(server.received.slice(before).map((r) => r.status)).toEqual([200, 200]);

    const values = (ps: Point[]) => ps.map((p) => [p.type, p.unit, p.value]);
    expect(values(await s.points('jobs.processed'))).toEqual([
      ['counter', '', 3],
      ['counter', '', 4],
    ]);
    expect((await s.points('jobs.processed'))[0].attributes).toEqual({ ...RESOURCE, queue: 'mail' });
    // An up-down counter's level (the SDK exports it cumulative whatever the preference): a gauge.
    expect(values(await s.points('workers.active'))).toEqual([
      ['gauge', '', 5],
      ['gauge', '', 3],
    ]);
    expect(values(await s.points('queue.size'))).toEqual([
      ['gauge', '', 12],
      ['gauge', '', 9],
    ]);
    const durations = await s.points('job.duration');
    expect(durations.map((p) => [p.type, p.unit, p.value, p.histogram])).toEqual([
      [
        'distribution',
        'ms',
        95,
        { kind: 'explicit', count: 3, min: 5, max: 70, bounds: BOUNDS, counts: [1, 1, 1, 0, 0] },
      ],
      [
        'distribution',
        'ms',
        1008,
        // A cumulative stream's second export: its maximum went up (700 was recorded since), its minimum did not.
        {
          kind: 'explicit',
          count: 3,
          min: temporality === 'delta' ? 8 : null,
          max: 700,
          bounds: BOUNDS,
          counts: [1, 0, 0, 1, 1],
        },
      ],
    ]);
    const sizes = await s.points('job.size');
    expect(sizes.map((p) => [p.type, p.unit, p.value, (p.histogram as { count: number }).count])).toEqual([
      ['distribution', 'By', 7000, 3],
      ['distribution', 'By', 3000, 1],
    ]);
    expect(sizes[0].histogram).toMatchObject({ kind: 'exponential', min: 1000, max: 4000, zeroCount: 0 });

    expect(await s.rollup('jobs.processed')).toMatchObject({ count: 2, sum: 7, min: 3, max: 4, last: 4 });
    expect(await s.rollup('queue.size')).toMatchObject({ count: 2, sum: 21, min: 9, max: 12, last: 9 });
    expect(await s.rollup('job.duration')).toMatchObject({ count: 6, sum: 1103, min: 5, max: 700 });
    expect(await s.rollup('job.size')).toMatchObject({ count: 4, sum: 10000, min: 1000, max: 4000 });
    expect(await s.stats()).toEqual([['accepted', '', 10]]);

    const listed = await s.client.get(`/api/v1/projects/${s.project.id}/metrics`);
    expect(
      listed.body.data.map((m: { name: string; type: string; unit: string; series: number }) => [
        m.name,
        m.type,
        m.unit,
        m.series,
      ]),
    ).toEqual([
      ['job.duration', 'distribution', 'ms', 1],
      ['job.size', 'distribution', 'By', 1],
      ['jobs.processed', 'counter', '', 1],
      ['queue.size', 'gauge', '', 1],
      ['workers.active', 'gauge', '', 1],
    ]);
  });
});

describe.each(['json', 'protobuf'] as const)('OTLP metrics with bad data points (%s)', (encoding) => {
  const deep = (n: number) => ({ nested: n });
  const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 'v']));

  it('each refusal counted with its reason; the good points stored; partialSuccess names them', async () => {
    const s = await setup();
    const res = await s.send(
      [
        { name: 'ok.gauge', kind: 'gauge', points: [{ value: 1.5 }] },
        { name: 'x'.repeat(201), kind: 'gauge', points: [{ value: 1 }] },
        { name: 'nan.gauge', kind: 'gauge', points: [{ value: NaN }, { value: 2 }] },
        { name: 'inf.sum', kind: 'sum', points: [{ value: Infinity }] },
        { name: 'wide.gauge', kind: 'gauge', points: [{ value: 1, attributes: many }] },
        { name: 'deep.gauge', kind: 'gauge', points: [{ value: 1, attributes: { d: deep(30) } }] },
        { name: 'stale.gauge', kind: 'gauge', points: [{ value: 1, flags: 1 }] },
        {
          name: 'latency.summary',
          kind: 'summary',
          points: [{ histogram: { count: 3, sum: 9, bounds: [], counts: [] } }],
        },
        {
          name: 'bad.histogram',
          kind: 'histogram',
          points: [{ histogram: { count: 2, sum: 3, bounds: [1, 2], counts: [1, 1] } }],
        },
      ],
      encoding,
    );
    expect(res).toEqual({
      status: 200,
      answer: {
        partialSuccess: {
          rejectedDataPoints: '8',
          errorMessage:
            '8 data points rejected. First reason: a value nested more than 24 levels deep (invalid: too_deep).',
        },
      },
    });
    expect((await s.points('ok.gauge')).map((p) => p.value)).toEqual([1.5]);
    expect((await s.points('nan.gauge')).map((p) => p.value)).toEqual([2]);
    expect(await s.stats()).toEqual(
      [
        ['accepted', '', 2],
        ['filtered', 'no_recorded_value', 1],
        ['invalid', 'too_deep', 1],
        ['invalid', 'validation: attributes', 1],
        ['invalid', 'validation: name', 1],
        ['invalid', 'validation: value', 3],
        ['unsupported', 'summary', 1],
      ].sort(),
    );
  });
});

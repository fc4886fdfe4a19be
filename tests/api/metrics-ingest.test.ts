// #61: metrics from the real @sentry/node 11 (Sentry.metrics.count, .gauge and .distribution inside a span, sent as
// trace_metric items): each point stored with its trace and span, its series' attributes and its own (the user, the
// SDK's sequence), the rollups' sum and p95 matching what was sent; the Stats page's Metrics category; every bad
// metric refused with its exact outcome while the rest of its envelope is stored; another organization gets 404.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { readMetricRollups, bucketQuantile, SKETCH_ACCURACY } from '@/lib/metrics-store';
import { clock, monthOf } from '@/lib/clock';
import { db } from '@/lib/db';
import { METRIC_QUOTA } from '@/lib/ingest/items/metrics';
import { signUp } from '../support/accounts';
import { outcomeRows } from '../support/outcome-rows';
import { createProject, setPlan } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, '../support/metrics-sdks/sentry-metrics.mjs');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

type Project = Awaited<ReturnType<typeof createProject>>;
const dsnOf = (p: Project) => server.dsn((p.keys[0] as { sentryDsn?: string }).sentryDsn!);

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Shop');
  const stats = () => outcomeRows(s.client, project.id, 'trace_metric');
  return { ...s, project, stats };
}

describe('@sentry/node 11 metrics', () => {
  it('stores each point with its trace and span; the rollups sum and p95 what was sent', async () => {
    const s = await setup();
    const latencies = Array.from({ length: 200 }, (_, i) => 5 + ((i * 37) % 400) + (i % 7) / 10);
    const { stdout } = await run(
      process.execPath,
      [PROGRAM, dsnOf(s.project), JSON.stringify({ latencies, orders: 3, depth: 17 })],
      { timeout: 60_000 },
    );
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('sent');
    const ids = JSON.parse(lines.at(-2)!) as { traceId: string; spanId: string };

    const points = await s.client.get(`/api/v1/projects/${s.project.id}/metrics/points?name=checkout.orders`);
    expect(points.status, points.text).toBe(200);
    expect(points.body.data.points).toHaveLength(1);
    const order = points.body.data.points[0];
    expect(order).toMatchObject({
      name: 'checkout.orders',
      type: 'counter',
      unit: '',
      value: 3,
      traceId: ids.traceId,
      spanId: ids.spanId,
    });
    expect(order.attributes).toMatchObject({
      region: 'eu',
      'order.id': 'o-1',
      'user.id': 'user-42',
      'user.email': 'ann@example.com',
      'sentry.release': 'shop@2.0.0',
      'sentry.environment': 'production',
      'sentry.sdk.name': 'sentry.javascript.node',
    });

    const from = new Date(Date.now() - 3_600_000);
    const to = new Date(Date.now() + 3_600_000);
    const scope = { orgId: s.orgId, projectIds: [s.project.id] };
    const [all] = await readMetricRollups(scope, {
      name: 'checkout.latency',
      from,
      to,
      intervalSeconds: 7200,
      sketch: true,
    });
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(all.count).toBe(200);
    expect(all.sum).toBeCloseTo(
      latencies.reduce((a, b) => a + b, 0),
      6,
    );
    expect([all.min, all.max]).toEqual([sorted[0], sorted[199]]);
    const p95 = bucketQuantile(all, 0.95)!;
    const exact = sorted[Math.floor(0.95 * 199)];
    expect(Math.abs(p95 - exact) / exact).toBeLessThanOrEqual(SKETCH_ACCURACY);

    const byRegion = await readMetricRollups(scope, {
      name: 'checkout.latency',
      from,
      to,
      intervalSeconds: 7200,
      groupBy: ['region'],
    });
    expect(byRegion.map((b) => [b.group, b.count]).sort()).toEqual([
      [['eu'], 100],
      [['us'], 100],
    ]);
    expect(await s.stats()).toEqual([['accepted', '', 202]]);
    const { rows } = await pool().query(
      `SELECT name, type, unit FROM metric_series WHERE project_id = $1 ORDER BY name, attributes::text`,
      [s.project.id],
    );
    expect(rows).toEqual([
      { name: 'checkout.latency', type: 'distribution', unit: 'millisecond' },
      { name: 'checkout.latency', type: 'distribution', unit: 'millisecond' },
      { name: 'checkout.orders', type: 'counter', unit: '' },
      { name: 'queue.depth', type: 'gauge', unit: '' },
    ]);
  });
});

type Session = Awaited<ReturnType<typeof signUp>>;

/** A metric as @sentry/node 11 writes one, with `over` replacing its fields. */
const metric = (over: Record<string, unknown> = {}) => ({
  timestamp: Date.now() / 1000,
  trace_id: 'a'.repeat(32),
  span_id: 'b'.repeat(16),
  name: 'cart.size',
  type: 'gauge',
  value: 3,
  attributes: { region: { type: 'string', value: 'eu' } },
  ...over,
});

/** An envelope of one trace_metric item holding `payload` (raw JSON text), and optionally a log item beside it. */
function envelope(payload: string, withLog = false): string {
  const lines = [JSON.stringify({ sdk: { name: 'sentry.javascript.node', version: '11.12.0' } })];
  lines.push(
    JSON.stringify({
      type: 'trace_metric',
      content_type: 'application/vnd.sentry.items.trace-metric+json',
      length: Buffer.byteLength(payload),
    }),
    payload,
  );
  if (withLog)
    lines.push(
      JSON.stringify({ type: 'log' }),
      JSON.stringify({ items: [{ timestamp: Date.now() / 1000, level: 'info', body: 'beside the metrics' }] }),
    );
  return `${lines.join('\n')}\n`;
}

const post = (s: Session, p: Project, body: string) =>
  s.client.post(`/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`, body, {
    headers: { 'content-type': 'text/plain' },
  });

const manyAttributes = Object.fromEntries(
  Array.from({ length: 10_000 }, (_, i) => [`k${i}`, { type: 'string', value: 'v' }]),
);

describe('trace_metric items with bad metrics', () => {
  // Each bad metric beside good ones in the same item, and a log item in the same envelope: the answer is 200, the
  // good metrics and the log line are stored, each bad one counted with its exact reason.
  it.each([
    ['an unknown type', metric({ type: 'set' }), 'validation: type'],
    ['NaN (sent as null by JSON.stringify)', metric({ value: null }), 'validation: value'],
    ['Infinity (1e999 in the JSON)', '__INFINITY__', 'validation: value'],
    ['a value as text', metric({ value: '3' }), 'validation: value'],
    ['no value', metric({ value: undefined }), 'validation: value'],
    ['a name over 200 characters', metric({ name: 'n'.repeat(201) }), 'validation: name'],
    ['an empty name', metric({ name: '' }), 'validation: name'],
    ['a name with a control character', metric({ name: 'cart\u0000size' }), 'validation: name'],
    ['a unit over 64 characters', metric({ unit: 'u'.repeat(65) }), 'validation: unit'],
    ['no timestamp', metric({ timestamp: undefined }), 'validation: timestamp'],
    [
      'a timestamp in seconds since 1970 read as milliseconds',
      metric({ timestamp: 1_000_000 }),
      'validation: timestamp',
    ],
    ['a timestamp 31 days old', metric({ timestamp: Date.now() / 1000 - 31 * 86_400 }), 'validation: timestamp'],
    ['10,000 attributes', metric({ attributes: manyAttributes }), 'validation: attributes'],
    ['not an object', 42, 'unusable_or_over_cap'],
  ])('%s: refused with its reason, the rest stored', async (_name, bad, reason) => {
    const s = await setup();
    const good = [metric({ value: 1 }), metric({ value: 2, name: 'cart.items', type: 'counter' })];
    const badJson =
      bad === '__INFINITY__' ? JSON.stringify(metric()).replace('"value":3', '"value":1e999') : JSON.stringify(bad);
    const payload = `{"version":2,"items":[${JSON.stringify(good[0])},${badJson},${JSON.stringify(good[1])}]}`;
    const res = await post(s, s.project, envelope(payload, true));
    expect([res.status, Object.keys(res.body)]).toEqual([200, ['id']]);
    const points = await s.client.get(`/api/v1/projects/${s.project.id}/metrics/points`);
    expect(points.body.data.points.map((p: { name: string; value: number }) => [p.name, p.value]).sort()).toEqual([
      ['cart.items', 2],
      ['cart.size', 1],
    ]);
    const logs = await s.client.get(`/api/v1/projects/${s.project.id}/logs`);
    expect(logs.body.data.logs.map((l: { body: string }) => l.body)).toEqual(['beside the metrics']);
    expect(await s.stats()).toEqual(
      [
        ['accepted', '', 2],
        ['invalid', reason, 1],
      ].sort(),
    );
  });

  it('an item that is not a container is refused whole; more than 1,000 metrics: the rest counted past the cap', async () => {
    const s = await setup();
    expect((await post(s, s.project, envelope('{"version":2}', true))).status).toBe(200);
    const many = Array.from({ length: 1005 }, (_, i) => metric({ value: i }));
    expect((await post(s, s.project, envelope(JSON.stringify({ version: 2, items: many })))).status).toBe(200);
    expect(await s.stats()).toEqual(
      [
        ['accepted', '', 1000],
        ['invalid', 'unusable_or_over_cap', 5],
        ['invalid', 'validation: items', 1],
      ].sort(),
    );
  });
});

describe('the monthly metric quota', () => {
  it('points past it are over quota, the SDK is told to hold its metrics back; the rest stored', async () => {
    const s = await setup();
    await setPlan(s.orgId, 'FREE');
    const month = monthOf(clock.now());
    await db.monthlyUsage.create({ data: { orgId: s.orgId, month, metrics: METRIC_QUOTA.FREE - 3 } });
    const items = Array.from({ length: 5 }, (_, i) => metric({ value: i }));
    const res = await post(s, s.project, envelope(JSON.stringify({ version: 2, items })));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sentry-rate-limits')).toBe('60:trace_metric:organization:usage_exceeded');
    expect(await s.stats()).toEqual([
      ['accepted', '', 3],
      ['over_quota', 'metric_quota', 2],
    ]);
    const usage = await db.monthlyUsage.findUniqueOrThrow({ where: { orgId_month: { orgId: s.orgId, month } } });
    expect(usage.metrics).toBe(METRIC_QUOTA.FREE);
    // The events' quota is not the metrics'.
    expect(usage.used).toBe(0);
    // A second envelope stores nothing more.
    const again = await post(s, s.project, envelope(JSON.stringify({ version: 2, items: [metric()] })));
    expect(again.headers.get('x-sentry-rate-limits')).toBe('60:trace_metric:organization:usage_exceeded');
    const points = await s.client.get(`/api/v1/projects/${s.project.id}/metrics/points`);
    expect(points.body.data.points).toHaveLength(3);
  });
});

describe('metrics API', () => {
  it('another organization gets 404 on every metrics route and reads nothing; its own project reads its own', async () => {
    const s = await setup();
    expect((await post(s, s.project, envelope(JSON.stringify({ version: 2, items: [metric()] })))).status).toBe(200);
    const other = await signUp();
    const theirs = await createProject(other.client, 'Theirs');
    const routes = ['metrics', 'metrics/points?name=cart.size', 'metrics/rollups?name=cart.size'];
    for (const route of routes) {
      const res = await other.client.get(`/api/v1/projects/${s.project.id}/${route}`);
      expect([route, res.status, res.body.message], route).toEqual([route, 404, 'Project not found']);
      const own = await other.client.get(`/api/v1/projects/${theirs.id}/${route}`);
      expect([route, own.status], route).toEqual([route, 200]);
    }
    expect((await other.client.get(`/api/v1/projects/${theirs.id}/metrics`)).body.data).toEqual([]);
    expect((await s.client.get(`/api/v1/projects/${s.project.id}/metrics`)).body.data).toEqual([
      {
        name: 'cart.size',
        type: 'gauge',
        unit: '',
        series: 1,
        attributeKeys: ['region'],
        lastSeen: expect.any(String),
      },
    ]);
    // The typed reads keep to the caller's organization whatever project ids they are given.
    const foreign = await readMetricRollups(
      { orgId: other.orgId, projectIds: [s.project.id] },
      {
        name: 'cart.size',
        from: new Date(Date.now() - 3_600_000),
        to: new Date(Date.now() + 60_000),
        intervalSeconds: 60,
      },
    );
    expect(foreign).toEqual([]);
  });

  it.each([
    ['no name', 'metrics/rollups', 'name: the metric name'],
    [
      'an interval not offered',
      'metrics/rollups?name=x&interval=61',
      'interval: one of 60, 300, 900, 3600, 21600, 86400 seconds',
    ],
    ['four group-by attributes', 'metrics/rollups?name=x&groupBy=a,b,c,d', 'groupBy: at most 3 attributes'],
    ['an attribute filter without a colon', 'metrics/points?attribute=region', 'An attribute filter is key:value'],
    ['a trace id that is not one', 'metrics/points?traceId=xyz', 'A trace id is 32 hex characters'],
    ['a cursor not of this list', 'metrics/points?cursor=abc', 'Not a cursor of this list'],
  ])('%s: 400 naming it', async (_name, route, message) => {
    const s = await setup();
    const res = await s.client.get(`/api/v1/projects/${s.project.id}/${route}`);
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(message);
  });
});

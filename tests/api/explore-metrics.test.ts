// #61: metrics as an Explore dataset. The real @sentry/node 11 sends 200 distributions, a counter and a gauge inside
// a span (tests/support/metrics-sdks/sentry-metrics.mjs); GET /api/v1/organization/explore?dataset=metrics reads back
// the sum and p95 of what was sent (exactly: raw points, PostgreSQL's percentile_cont), per region, the counter's
// total, a row's samples linking to the span they were measured in, refusals naming the part at fault, and another
// organization sees none of it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, '../support/metrics-sdks/sentry-metrics.mjs');
let server: Awaited<ReturnType<typeof startSentryServer>>;
let client: TestClient;
let projectId: string;
let ids: { traceId: string; spanId: string };
const latencies = Array.from({ length: 200 }, (_, i) => 5 + ((i * 37) % 400) + (i % 7) / 10);

/** PostgreSQL's percentile_cont: linear between the two nearest ranks. */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.ceil(pos)] - s[lo]) * (pos - lo);
}
const round = (v: number) => Math.round(v * 1e4) / 1e4;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  client = s.client;
  const project = await createProject(client, 'Shop');
  projectId = project.id;
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const { stdout } = await run(process.execPath, [PROGRAM, dsn, JSON.stringify({ latencies, orders: 3, depth: 17 })], {
    timeout: 60_000,
  });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('sent');
  ids = JSON.parse(lines.at(-2)!);
}, 90_000);
afterAll(async () => {
  await server.close();
});

async function explore(query: Record<string, string>) {
  const res = await client.get('/api/v1/organization/explore', { query: { dataset: 'metrics', ...query } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.meta.sampled).toBe(false);
  return res.body.data as {
    table: Record<string, string | number | null>[];
    series: { aggregate: string; group: (string | null)[]; values: [number, number | null][] }[];
    meta: { rows: number; groups: number; units: Record<string, string | null> };
  };
}

describe('Explore: metrics', () => {
  it('answers the sum and p95 of a distribution as sent, per region, and a counter total', async () => {
    const all = await explore({
      query: 'metric.name:checkout.latency',
      aggregate: 'sum(value),p95(value),count(),min(value),max(value)',
    });
    expect(all.table).toEqual([
      {
        'sum(value)': round(sum(latencies)),
        'p95(value)': round(percentile(latencies, 0.95)),
        'count()': 200,
        'min(value)': Math.min(...latencies),
        'max(value)': Math.max(...latencies),
      },
    ]);
    // The chart's buckets add up to the table's sum.
    const drawn = all.series[0].values.reduce((a, [, v]) => a + (v ?? 0), 0);
    expect(round(drawn)).toBe(round(sum(latencies)));

    const byRegion = await explore({
      query: 'metric.name:checkout.latency',
      aggregate: 'p95(value),sum(value)',
      groupBy: 'region',
    });
    const of = (parity: number) => latencies.filter((_, i) => i % 2 === parity);
    const expected = [
      { region: 'eu', 'p95(value)': round(percentile(of(1), 0.95)), 'sum(value)': round(sum(of(1))) },
      { region: 'us', 'p95(value)': round(percentile(of(0), 0.95)), 'sum(value)': round(sum(of(0))) },
    ].sort((a, b) => b['p95(value)'] - a['p95(value)']);
    expect(byRegion.table).toEqual(expected);

    const byName = await explore({ aggregate: 'sum(value),count()', groupBy: 'metric.name,metric.type' });
    expect(byName.table).toEqual([
      {
        'metric.name': 'checkout.latency',
        'metric.type': 'distribution',
        'sum(value)': round(sum(latencies)),
        'count()': 200,
      },
      { 'metric.name': 'queue.depth', 'metric.type': 'gauge', 'sum(value)': 17, 'count()': 1 },
      { 'metric.name': 'checkout.orders', 'metric.type': 'counter', 'sum(value)': 3, 'count()': 1 },
    ]);
    // The point's own attributes (the user, an id) filter as the series' do; environment and release are fields.
    const mine = await explore({
      query: 'user.id:user-42 order.id:o-1 environment:production release:shop@2.0.0',
      aggregate: 'sum(value)',
    });
    expect(mine.table).toEqual([{ 'sum(value)': 3 }]);
  });

  it("lists a row's points, linked to the span they were measured in", async () => {
    const res = await client.get('/api/v1/organization/explore/samples', {
      query: { dataset: 'metrics', query: 'metric.type:counter', groupBy: 'metric.name', group: '["checkout.orders"]' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.samples).toHaveLength(1);
    expect(res.body.data.samples[0]).toMatchObject({
      title: 'checkout.orders 3',
      projectId,
      value: 3,
      traceId: ids.traceId,
      spanId: ids.spanId,
      href: `/traces/${ids.traceId}#span-${projectId}-${ids.spanId}`,
    });
  });

  it.each([
    ['p95(metric.name)', 'p95() needs a number: "metric.name" of metrics is text (count_unique() counts its values)'],
    ['failure_rate()', 'failure_rate() is for transactions and spans, not metrics'],
    ['spm()', 'spm() counts spans: use epm() for metrics'],
    ['sum(metric.size)', null],
  ])('%s: 400 naming the aggregate, or an attribute read as a number', async (aggregate, message) => {
    const res = await client.get('/api/v1/organization/explore', { query: { dataset: 'metrics', aggregate } });
    if (message === null) {
      // Any attribute may be summed; none of these points has it, so there is nothing to add.
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.table).toEqual([{ [aggregate]: null }]);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: ['query', 'aggregates', 0], message }],
    });
  });

  it('another organization reads none of it, and naming this project is a 404', async () => {
    const other = await signUp();
    await createProject(other.client, 'Other');
    const res = await other.client.get('/api/v1/organization/explore', {
      query: { dataset: 'metrics', aggregate: 'count()' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.table).toEqual([]);
    const named = await other.client.get('/api/v1/organization/explore', {
      query: { dataset: 'metrics', project: projectId },
    });
    expect(named.status).toBe(404);
  });
});

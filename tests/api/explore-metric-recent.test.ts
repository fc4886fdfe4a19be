// #61: a recent metrics query that would be sampled reads the per-minute rollups instead (lib/explore/metric-recent.ts).
// The real @sentry/node 11 sends 200 distributions (tests/support/metrics-sdks/sentry-metrics.mjs); read over two
// ranges, one that holds the points in whole minutes (the rollups answer) and one that ends inside their minute (the
// points of the partial minute answer), the sum, count, min, max and average equal the points' exact answer, table
// and chart. A percentile, a key that stays on the points (the user) or an OTLP histogram point in range leaves the
// query to the points.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { compileQuery } from '@/lib/explore/compile';
import { exploreSql } from '@/lib/explore/build-sql';
import { recentMetricRollups } from '@/lib/explore/metric-recent';
import { exploreScope, withExploreSession } from '@/lib/explore/run-explore';
import { shapeResult, type Row } from '@/lib/explore/shape-result';
import { exploreSearchParamsSchema } from '@/lib/zod/explore';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, '../support/metrics-sdks/sentry-metrics.mjs');
const MINUTE = 60_000;
const latencies = Array.from({ length: 200 }, (_, i) => 5 + ((i * 37) % 400) + (i % 7) / 10);
let server: Awaited<ReturnType<typeof startSentryServer>>;
let tenant: { orgId: string; userId: string | null; role: 'OWNER' };
let times: { first: number; last: number };
let projectId: string;

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  const project = await createProject(s.client, 'Shop');
  projectId = project.id;
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const { stdout } = await run(process.execPath, [PROGRAM, dsn, JSON.stringify({ latencies, orders: 3, depth: 17 })], {
    timeout: 60_000,
  });
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');
  const { rows } = await pool().query<{ org: string; first: Date; last: Date }>(
    `SELECT p.org_id AS org, min(m.timestamp) AS first, max(m.timestamp) AS last
       FROM metric_points m JOIN projects p ON p.number = m.project WHERE p.id = $1 GROUP BY 1`,
    [project.id],
  );
  tenant = { orgId: rows[0].org, userId: null, role: 'OWNER' };
  times = { first: rows[0].first.getTime(), last: rows[0].last.getTime() };
}, 90_000);
afterAll(async () => {
  await server.close();
});

/** The query compiled over [start, end), its exact answer from the points, and what the rollups answer. */
async function both(params: Record<string, string>, start: number, end: number) {
  const q = exploreSearchParamsSchema.parse({
    dataset: 'metrics',
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    interval: '1m',
    ...params,
  });
  const c = compileQuery(q, { nowMs: Date.now(), ...(await exploreScope(tenant, q)) });
  return withExploreSession(async (client) => {
    const stmt = exploreSql(c, null);
    const exact = shapeResult(c, (await client.query<Row>(stmt.text, stmt.values)).rows, null);
    const rollups = await recentMetricRollups(client, c, { orgId: tenant.orgId, query: q.query });
    return { exact, rollups };
  });
}

const params = {
  query: 'metric.name:checkout.latency',
  aggregate: 'sum(value),count(),min(value),max(value),avg(value)',
  groupBy: 'region',
};

describe('Explore: recent metrics from their rollups', () => {
  it.each([
    ['in whole minutes (the rollups)', () => Math.ceil((times.last + 1) / MINUTE) * MINUTE + 30_000],
    ['ending inside their minute (the partial minute from the points)', () => times.last + 1],
  ])('answers %s as the points do', async (_, endOf) => {
    const { exact, rollups } = await both(params, times.first - 10 * MINUTE - 30_000, endOf());
    expect(rollups).not.toBeNull();
    expect(rollups!.meta).toMatchObject({ source: 'rollups', estimated: false, sampled: false, groups: 2 });
    expect(exact.table).toHaveLength(2);
    expect(rollups!.table).toEqual(exact.table);
    // The chart's buckets add up to the same sum.
    const drawn = (x: typeof exact) =>
      x.series.filter((s) => s.aggregate === 'sum(value)').flatMap((s) => s.values.map(([, v]) => v ?? 0));
    const total = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1e4) / 1e4;
    expect(total(drawn(rollups!))).toBe(total(drawn(exact)));
  });

  it('leaves to the points a percentile, a key kept on them, and a metric with an OTLP histogram point', async () => {
    const range = [times.first - 10 * MINUTE, times.last + 1] as const;
    expect((await both(params, ...range)).rollups).not.toBeNull();
    expect((await both({ ...params, aggregate: 'sum(value),p95(value)' }, ...range)).rollups).toBeNull();
    expect((await both({ ...params, groupBy: 'user.id' }, ...range)).rollups).toBeNull();
    expect(
      (await both({ ...params, query: 'metric.name:checkout.latency user.id:user-42' }, ...range)).rollups,
    ).toBeNull();
    const { rowCount } = await pool().query(
      `UPDATE metric_points SET histogram = '{"count":1}' WHERE (series, timestamp) = (SELECT m.series, m.timestamp
         FROM metric_points m JOIN metric_series s ON s.id = m.series AND s.name = 'checkout.latency'
        WHERE s.project_id = $1 ORDER BY m.timestamp LIMIT 1)`,
      [projectId],
    );
    expect(rowCount).toBe(1);
    expect((await both(params, ...range)).rollups).toBeNull();
  });
});

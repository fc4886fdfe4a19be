// #61: a metrics query reaching past the raw points (7 days on FREE) reads the metric's rollups: sums and counts
// exact, percentiles from the merged sketches within 1 %, per series attribute and per bucket of the chart; what
// rollups cannot answer (no metric named, free text, another aggregate) is a 400 saying why.
import { beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { addToSketch, sketchPairs, SKETCH_ACCURACY, type Sketch } from '@/lib/metrics-store/sketch';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';

const HOUR = 3_600_000;
const start = Math.floor((Date.now() - 10 * 86_400_000) / HOUR) * HOUR;
const range = { start: new Date(start).toISOString(), end: new Date(start + 2 * HOUR).toISOString(), interval: '1h' };
const eu = Array.from({ length: 100 }, (_, i) => i + 1);
const us = Array.from({ length: 50 }, (_, i) => i + 101);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
let client: TestClient;

/** One series with one minute of rollups holding `values`. */
async function minuteOf(
  project: { id: string; number: number },
  id: number,
  region: string,
  at: number,
  values: number[],
) {
  await pool().query(
    `INSERT INTO metric_series (project_id, id, name, type, unit, attributes) VALUES ($1, $2, 'lat', 'distribution', 'millisecond', $3)`,
    [project.id, id, { region, 'sentry.environment': 'production' }],
  );
  const sketch: Sketch = new Map();
  for (const v of values) addToSketch(sketch, v);
  // The minute and its hour, as the fold writes both (an hourly interval over whole hours reads the hours).
  for (const [table, col, t] of [
    ['metric_minutes', 'minute', at],
    ['metric_hours', 'hour', Math.floor(at / HOUR) * HOUR],
  ] as const)
    await pool().query(
      `INSERT INTO ${table} (series, ${col}, project, count, sum, min, max, last, last_at, sketch)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $2, $8::bigint[])`,
      [
        id,
        new Date(t),
        project.number,
        values.length,
        sum(values),
        Math.min(...values),
        Math.max(...values),
        sketchPairs(sketch),
      ],
    );
}

beforeAll(async () => {
  const s = await signUp();
  client = s.client;
  const { id } = await createProject(client, 'Old metrics');
  const { rows } = await pool().query<{ number: number }>('SELECT number FROM projects WHERE id = $1', [id]);
  await minuteOf({ id, number: rows[0].number }, 9101, 'eu', start + 10 * 60_000, eu);
  await minuteOf({ id, number: rows[0].number }, 9102, 'us', start + 70 * 60_000, us);
});

const explore = (query: Record<string, string>) =>
  client.get('/api/v1/organization/explore', { query: { dataset: 'metrics', ...range, ...query } });
const near = (v: number, exact: number) => expect(Math.abs(v - exact) / exact).toBeLessThanOrEqual(SKETCH_ACCURACY);

describe('Explore: metrics past their raw points', () => {
  it('answers sums, counts and percentiles from the rollups, per region and per bucket', async () => {
    const res = await explore({
      query: 'metric.name:lat',
      aggregate: 'sum(value),count(),p95(value)',
      groupBy: 'region',
    });
    expect(res.status, res.text).toBe(200);
    const { table, series, meta } = res.body.data;
    expect(meta).toMatchObject({ source: 'rollups', estimated: true, sampled: false, groups: 2 });
    expect(table.map((r: Record<string, unknown>) => [r.region, r['sum(value)'], r['count()']])).toEqual([
      ['us', sum(us), 50],
      ['eu', sum(eu), 100],
    ]);
    near(table[0]['p95(value)'], 147);
    near(table[1]['p95(value)'], 95);
    const sums = series.filter((s: { aggregate: string }) => s.aggregate === 'sum(value)');
    expect(
      sums.map((s: { label: string; values: [number, number][] }) => [s.label, s.values.map((v) => v[1])]),
    ).toEqual([
      ['us', [0, sum(us)]],
      ['eu', [sum(eu), 0]],
    ]);
    // A finer interval reads the minutes: the same totals.
    const minutes = await explore({ query: 'metric.name:lat', aggregate: 'sum(value)', interval: '30m' });
    expect(minutes.body.data.table).toEqual([{ 'sum(value)': sum(eu) + sum(us) }]);
    const one = await explore({
      query: 'metric.name:lat region:eu environment:production',
      aggregate: 'sum(value),max(value)',
    });
    expect(one.body.data.table).toEqual([{ 'sum(value)': sum(eu), 'max(value)': 100 }]);
  });

  it.each([
    [
      { aggregate: 'count_unique(value)', query: 'metric.name:lat' },
      ['query', 'aggregates', 0],
      'count_unique(value): the range starts more than 7 days ago, past the raw points: it reads the rollups, which answer count(), sum, avg, min, max and p50-p99 of value, and epm()',
    ],
    [
      { query: 'region:eu' },
      ['query', 'query'],
      'Name one metric (metric.name:<name>): the range starts more than 7 days ago, past the raw points: it reads the rollups of one metric',
    ],
    [
      { query: 'metric.name:lat slow' },
      ['query', 'query'],
      "This term needs the raw points: the range starts more than 7 days ago, past the raw points: it reads the rollups, which filter by a series attribute's value or presence",
    ],
  ])('%j: 400 saying what rollups answer', async (query, path, message) => {
    const res = await explore(query as Record<string, string>);
    expect(res.status).toBe(400);
    const position = 'query' in query && query.query.endsWith(' slow') ? { position: 16 } : {};
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message, ...position }],
    });
  });
});

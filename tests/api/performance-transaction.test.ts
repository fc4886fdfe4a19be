import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { percentileCont, percentiles } from '../support/stats';
import { send, transactionEnvelope } from './ingest-helpers';

// On the hour, so the 24-hour range starts on a bucket boundary and the expected buckets are easy to list.
const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NAME = 'GET /api/users/:id';

type Sent = {
  name: string;
  duration: number;
  at: number;
  status?: string;
  environment?: string;
  release?: string;
  trace_id?: string;
  lcp?: number;
};

beforeEach(() => clock.set(NOW));
afterEach(() => clock.reset());

async function withProject() {
  const account = await signUp();
  const project = await createProject(account.client);
  const key = project.keys[0].publicKey;
  const ingest = async (rows: Sent[]) => {
    for (const r of rows) {
      const { lcp, at, ...rest } = r;
      const res = await send({
        client: account.client,
        projectId: project.id,
        key,
        body: transactionEnvelope({ ...rest, timestamp: at, ...(lcp === undefined ? {} : { vitals: { lcp } }) }),
      });
      expect(res.status, res.text).toBe(200);
    }
  };
  const detail = (name: string, query?: Record<string, string>) =>
    account.client.get(`/api/v1/projects/${project.id}/performance/transactions/${encodeURIComponent(name)}`, {
      query,
    });
  return { ...account, project, key, ingest, detail };
}

/** 30 transactions of NAME over the last day (several statuses and environments), plus noise the page must not count. */
function dataset(): { mine: Sent[]; noise: Sent[] } {
  const statuses = ['ok', 'ok', 'ok', 'internal_error', 'ok', 'cancelled', 'ok', 'unknown', 'ok', 'ok'];
  const mine: Sent[] = Array.from({ length: 30 }, (_, i) => ({
    name: NAME,
    duration: 40 + ((i * 37) % 23) * 11.5 + (i === 7 ? 2000 : 0),
    at: NOW - i * 47 * MINUTE - 1000,
    status: statuses[i % statuses.length],
    environment: i % 3 === 0 ? 'staging' : 'production',
    release: `web@1.${i % 4}`,
    trace_id: i.toString(16).padStart(32, 'a'),
    lcp: i % 2 === 0 ? 1000 + i * 100 : undefined,
  }));
  const noise: Sent[] = [
    { name: NAME, duration: 99_999, at: NOW - DAY - MINUTE }, // before the range
    { name: 'GET /api/users', duration: 50_000, at: NOW - HOUR, status: 'internal_error' }, // another name
  ];
  return { mine, noise };
}

function expectedDetail(rows: Sent[], rangeMs: number, bucketMs: number) {
  const since = NOW - rangeMs;
  const inRange = rows.filter((r) => r.at >= since && r.at <= NOW);
  const failures = inRange.filter((r) => (r.status ?? 'ok') !== 'ok').length;
  const series = [];
  for (let b = Math.floor(since / bucketMs) * bucketMs; b <= NOW; b += bucketMs) {
    const rowsOf = inRange.filter((r) => r.at >= b && r.at < b + bucketMs);
    const p = percentiles(rowsOf.map((r) => r.duration));
    series.push({
      start: new Date(b).toISOString(),
      count: rowsOf.length,
      failures: rowsOf.filter((r) => (r.status ?? 'ok') !== 'ok').length,
      p50: p?.p50 ?? null,
      p75: p?.p75 ?? null,
      p95: p?.p95 ?? null,
      p99: p?.p99 ?? null,
    });
  }
  const slowest = [...inRange]
    .sort((a, b) => b.duration - a.duration || b.at - a.at)
    .slice(0, 10)
    .map((r) => ({
      timestamp: new Date(r.at).toISOString(),
      duration: r.duration,
      status: r.status ?? 'ok',
      traceId: r.trace_id ?? null,
      release: r.release ?? null,
      environment: r.environment ?? null,
    }));
  const lcps = inRange.filter((r) => r.lcp !== undefined).map((r) => r.lcp!);
  return {
    count: inRange.length,
    failures,
    failureRate: inRange.length === 0 ? 0 : failures / inRange.length,
    throughput: inRange.length / (rangeMs / MINUTE),
    percentiles: percentiles(inRange.map((r) => r.duration)),
    sampleCount: inRange.length,
    lastSeen: inRange.length === 0 ? null : new Date(Math.max(...inRange.map((r) => r.at))).toISOString(),
    series,
    slowest,
    lcp: lcps.length === 0 ? null : { p75: percentileCont(lcps, 0.75), samples: lcps.length },
    vitalsSampleCount: inRange.length,
  };
}

function expectMatches(
  data: Record<string, unknown> & {
    series: Record<string, number | null>[];
    percentiles: Record<string, number> | null;
  },
  want: ReturnType<typeof expectedDetail>,
) {
  expect(data).toMatchObject({
    count: want.count,
    failures: want.failures,
    sampleCount: want.sampleCount,
    lastSeen: want.lastSeen,
    slowest: want.slowest.map((s) => ({ ...s, id: expect.any(String) })),
  });
  expect(data.failureRate).toBeCloseTo(want.failureRate, 12);
  expect(data.throughput).toBeCloseTo(want.throughput, 12);
  if (want.percentiles === null) expect(data.percentiles).toBeNull();
  else for (const [k, v] of Object.entries(want.percentiles)) expect(data.percentiles![k]).toBeCloseTo(v, 9);
  expect(data.series.map((b) => [b.start, b.count, b.failures])).toEqual(
    want.series.map((b) => [b.start, b.count, b.failures]),
  );
  data.series.forEach((b, i) => {
    for (const k of ['p50', 'p75', 'p95', 'p99'] as const) {
      const w = want.series[i][k];
      if (w === null) expect(b[k]).toBeNull();
      else expect(b[k]).toBeCloseTo(w, 9);
    }
  });
  const vitals = data.vitals as { sampleCount: number; vitals: { lcp: { p75: number; samples: number } | null } };
  expect(vitals.sampleCount).toBe(want.vitalsSampleCount);
  if (want.lcp === null) expect(vitals.vitals.lcp).toBeNull();
  else expect(vitals.vitals.lcp).toMatchObject({ p75: want.lcp.p75, samples: want.lcp.samples });
}

describe('GET performance/transactions/:name', () => {
  it('24 hours by the hour: counts, failure rate, throughput, percentiles per bucket, slowest samples and vitals of what was sent', async () => {
    const { ingest, detail } = await withProject();
    const { mine, noise } = dataset();
    await ingest([...mine, ...noise]);

    const res = await detail(NAME);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Transaction fetched' });
    expect(res.body.data).toMatchObject({
      name: NAME,
      period: '24h',
      environment: null,
      bucket: 'hour',
      since: new Date(NOW - DAY).toISOString(),
      until: new Date(NOW).toISOString(),
    });
    const want = expectedDetail(mine, DAY, HOUR);
    expect(want.count).toBe(30);
    expect(want.failures).toBe(9);
    expect(res.body.data.series).toHaveLength(25);
    expectMatches(res.body.data, want);
  });

  it('the last hour by the minute, and one environment', async () => {
    const { ingest, detail } = await withProject();
    const { mine, noise } = dataset();
    const recent: Sent[] = [0, 3, 3, 11, 59].map((m, i) => ({
      name: NAME,
      duration: 10 * (i + 1),
      at: NOW - m * MINUTE - 500,
      status: i === 2 ? 'deadline_exceeded' : 'ok',
      environment: 'production',
    }));
    await ingest([...mine, ...noise, ...recent]);

    const hour = await detail(NAME, { period: '1h' });
    expect(hour.status).toBe(200);
    expect(hour.body.data.bucket).toBe('minute');
    expect(hour.body.data.series).toHaveLength(61);
    expectMatches(hour.body.data, expectedDetail([...mine, ...recent], HOUR, MINUTE));

    const prod = await detail(NAME, { period: '7d', environment: 'production' });
    expect(prod.status).toBe(200);
    expect(prod.body.data).toMatchObject({ environment: 'production', bucket: 'hour' });
    const want = expectedDetail(
      [...mine, ...recent].filter((r) => r.environment === 'production'),
      7 * DAY,
      HOUR,
    );
    expect(want.count).toBe(25);
    expectMatches(prod.body.data, want);

    const month = await detail(NAME, { period: '30d' });
    expect(month.body.data.bucket).toBe('day');
    expectMatches(
      month.body.data,
      expectedDetail([...mine, ...noise.filter((r) => r.name === NAME), ...recent], 30 * DAY, DAY),
    );
  });

  it('a name that has not been seen is all zeros; percentiles and buckets stay null', async () => {
    const { detail } = await withProject();
    const res = await detail('/never');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      count: 0,
      failures: 0,
      failureRate: 0,
      throughput: 0,
      percentiles: null,
      sampleCount: 0,
      lastSeen: null,
      slowest: [],
    });
    expect(
      res.body.data.series.every((b: { count: number; p50: number | null }) => b.count === 0 && b.p50 === null),
    ).toBe(true);
    expect(res.body.data.vitals).toEqual({ sampleCount: 0, vitals: { lcp: null, cls: null, fcp: null, ttfb: null } });
  });

  it('percentiles over the most recent 5,000 of the range, as the list computes them', async () => {
    const { project, detail, client } = await withProject();
    // Row i (1..5001) is i seconds old with duration i: the oldest one is left out of the percentiles, not of the counts.
    await db.$executeRaw`
      INSERT INTO transactions (project_id, name, duration, status, timestamp, received_at)
      SELECT ${project.id}, ${NAME}, i, CASE WHEN i % 10 = 0 THEN 'internal_error' ELSE 'ok' END,
        ${new Date(NOW)}::timestamptz - i * interval '1 second', ${new Date(NOW)}::timestamptz
      FROM generate_series(1, 5001) AS i`;
    const res = await detail(NAME);
    const sample = Array.from({ length: 5000 }, (_, i) => i + 1);
    expect(res.body.data).toMatchObject({ count: 5001, failures: 500, sampleCount: 5000 });
    expect(res.body.data.percentiles.p50).toBe(percentileCont(sample, 0.5));
    expect(res.body.data.percentiles.p99).toBeCloseTo(percentileCont(sample, 0.99), 9);
    expect(res.body.data.slowest.map((s: { duration: number }) => s.duration)).toEqual([
      5001, 5000, 4999, 4998, 4997, 4996, 4995, 4994, 4993, 4992,
    ]);
    const list = await client.get(`/api/v1/projects/${project.id}/performance/transactions`, { query: { days: 1 } });
    const [group] = list.body.data;
    expect([group.p50, group.p75, group.p95]).toEqual([
      res.body.data.percentiles.p50,
      res.body.data.percentiles.p75,
      res.body.data.percentiles.p95,
    ]);
  });

  it('a Sentry transaction keeps its trace status, trace id, environment and release', async () => {
    const { client, project, key, detail } = await withProject();
    const end = NOW / 1000 - 60;
    const traceId = 'c'.repeat(32);
    const item = {
      type: 'transaction',
      transaction: NAME,
      start_timestamp: end - 0.25,
      timestamp: end,
      environment: 'production',
      release: 'api@2.0.0',
      contexts: { trace: { trace_id: traceId, span_id: 'd'.repeat(16), status: 'internal_error' } },
    };
    const body = `${JSON.stringify({ event_id: 'e'.repeat(32) })}\n${JSON.stringify({ type: 'transaction' })}\n${JSON.stringify(item)}\n`;
    const res = await client.post(`/api/${project.number}/envelope/`, body, {
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${key}`,
      },
    });
    expect(res.status, res.text).toBe(200);
    const got = await detail(NAME, { environment: 'production' });
    expect(got.body.data).toMatchObject({ count: 1, failures: 1, failureRate: 1 });
    expect(got.body.data.slowest).toEqual([
      {
        id: expect.any(String),
        timestamp: new Date(end * 1000).toISOString(),
        duration: 250,
        status: 'internal_error',
        traceId,
        release: 'api@2.0.0',
        environment: 'production',
      },
    ]);
    expect((await detail(NAME, { environment: 'staging' })).body.data.count).toBe(0);
  });

  it('native envelope: environment, release and trace_id of the wrong type or shape are dropped, the transaction kept', async () => {
    const { client, project, key, detail } = await withProject();
    const res = await send({
      client,
      projectId: project.id,
      key,
      body: transactionEnvelope({
        name: NAME,
        timestamp: NOW - MINUTE,
        environment: 7,
        release: ['x'],
        trace_id: 'not-hex',
      }),
    });
    expect(res.status, res.text).toBe(200);
    const got = await detail(NAME);
    expect(got.body.data.slowest).toEqual([
      {
        id: expect.any(String),
        timestamp: new Date(NOW - MINUTE).toISOString(),
        duration: 123.4,
        status: 'ok',
        traceId: null,
        release: null,
        environment: null,
      },
    ]);
  });

  const tooLong = 'x'.repeat(201);
  const validation = (path: string[], message: string) => ({
    statusCode: 400,
    status: 'failed',
    message: 'Validation error',
    error: [{ path, message }],
  });
  const periodMessage = 'Period must be one of 1h, 24h, 7d, 14d, 30d';
  const bad: [string, Record<string, string>, number, object][] = [
    ['an unknown period', { period: '2h' }, 400, validation(['query', 'period'], periodMessage)],
    ['an empty period', { period: '' }, 400, validation(['query', 'period'], periodMessage)],
    ['days instead of a period value', { period: '7' }, 400, validation(['query', 'period'], periodMessage)],
    [
      'an empty environment',
      { environment: '' },
      400,
      validation(['query', 'environment'], 'Environment must not be empty'),
    ],
    [
      'an environment of 201 characters',
      { environment: tooLong },
      400,
      validation(['query', 'environment'], 'Environment must be at most 200 characters'),
    ],
  ];
  it.each(bad)('%s → 400', async (_label, query, status, body) => {
    const { detail } = await withProject();
    const res = await detail(NAME, query);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('a name longer than 200 characters names nothing: 404', async () => {
    const { detail } = await withProject();
    const res = await detail('n'.repeat(201));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Not found' });
  });

  it('401 without a session; another organization gets 404 and nothing changes', async () => {
    const { project, ingest, detail } = await withProject();
    await ingest(dataset().mine);
    const before = await detail(NAME);
    const count = await db.transaction.count({ where: { projectId: project.id } });
    const { client: intruder } = await signUp();
    const path = `/api/v1/projects/${project.id}/performance/transactions/${encodeURIComponent(NAME)}`;
    const queries: (Record<string, string> | undefined)[] = [
      undefined,
      { period: '1h' },
      { environment: 'production' },
    ];
    for (const query of queries) {
      const res = await intruder.get(path, { query });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Project not found' });
    }
    const anon = await new TestClient().get(path);
    expect(anon.status).toBe(401);
    expect(await db.transaction.count({ where: { projectId: project.id } })).toBe(count);
    expect((await detail(NAME)).body).toEqual(before.body);
  });
});

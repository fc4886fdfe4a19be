import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { send, transactionEnvelope } from './ingest-helpers';

const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK_MINUTES = 7 * 24 * 60;

type Tx = {
  name?: string;
  duration?: number;
  at: number;
  status?: string;
  lcp?: number;
  cls?: number;
  fcp?: number;
  ttfb?: number;
};

async function seed(projectId: string, rows: Tx[]) {
  await db.transaction.createMany({
    data: rows.map((r) => ({
      projectId,
      name: r.name ?? '/',
      duration: r.duration ?? 100,
      status: r.status,
      timestamp: new Date(r.at),
      lcp: r.lcp,
      cls: r.cls,
      fcp: r.fcp,
      ttfb: r.ttfb,
    })),
  });
}

async function withProject() {
  const account = await signUp();
  const project = await createProject(account.client);
  const tx = (query?: Record<string, string | number>) =>
    account.client.get(`/api/v1/projects/${project.id}/performance/transactions`, { query });
  const vitals = (query?: Record<string, string | number>) =>
    account.client.get(`/api/v1/projects/${project.id}/performance/vitals`, { query });
  return { ...account, project, tx, vitals };
}

beforeEach(() => clock.set(NOW));
afterEach(() => clock.reset());

describe('GET performance/transactions', () => {
  it('exact percentiles: an even count and a single sample', async () => {
    const { project, tx } = await withProject();
    await seed(project.id, [
      { name: '/even', duration: 30, at: NOW - 3 * HOUR },
      { name: '/even', duration: 10, at: NOW - 1 * HOUR },
      { name: '/even', duration: 40, at: NOW - 4 * HOUR },
      { name: '/even', duration: 20, at: NOW - 2 * HOUR },
      { name: '/one', duration: 123.4, at: NOW - 5 * HOUR },
    ]);
    const res = await tx();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Transactions fetched' });
    expect(res.body.data).toEqual([
      {
        name: '/even',
        count: 4,
        p50: 25,
        p75: 32.5,
        p95: 38.5,
        lastSeen: new Date(NOW - HOUR).toISOString(),
        failureRate: 0,
        throughput: 4 / WEEK_MINUTES,
      },
      {
        name: '/one',
        count: 1,
        p50: 123.4,
        p75: 123.4,
        p95: 123.4,
        lastSeen: new Date(NOW - 5 * HOUR).toISOString(),
        failureRate: 0,
        throughput: 1 / WEEK_MINUTES,
      },
    ]);
  });

  it('failureRate: the share of each group whose status is not ok; throughput per minute over the window', async () => {
    const { project, tx } = await withProject();
    const statuses = ['ok', 'internal_error', 'ok', 'cancelled', 'unknown', 'ok', 'ok'];
    await seed(project.id, [
      ...statuses.map((status, i) => ({ name: '/pay', status, at: NOW - i * HOUR })),
      { name: '/home', status: 'ok', at: NOW - DAY },
      { name: '/home', status: 'deadline_exceeded', at: NOW - 2 * DAY },
    ]);
    const res = await tx({ days: 3 });
    const want = { '/pay': [3 / 7, 7 / (3 * 1440)], '/home': [1 / 2, 2 / (3 * 1440)] };
    expect(
      res.body.data.map((g: { name: string; failureRate: number; throughput: number }) => [
        g.name,
        g.failureRate,
        g.throughput,
      ]),
    ).toEqual(Object.entries(want).map(([name, [rate, perMinute]]) => [name, rate, perMinute]));
  });

  it('groups by name, sorts by count descending then name, keeps the top 50 of 51', async () => {
    const { project, tx } = await withProject();
    const pad = (i: number) => `/n${String(i).padStart(2, '0')}`;
    const rows: Tx[] = [];
    // 49 names with 2 rows (newest first, so time order is the reverse of name order) and 2 names with 3 rows;
    // the cut at 50 falls inside the count-2 tie, so the name tie-break decides that '/n48' is left out.
    for (let i = 0; i < 49; i++)
      rows.push({ name: pad(i), at: NOW - (49 - i) * 1000 }, { name: pad(i), at: NOW - (49 - i) * 1000 - 1 });
    for (const name of ['/b-tie', '/a-tie']) for (let k = 0; k < 3; k++) rows.push({ name, at: NOW - 5 * HOUR - k });
    await seed(project.id, rows);
    const res = await tx();
    const names = res.body.data.map((g: { name: string }) => g.name);
    expect(names).toEqual(['/a-tie', '/b-tie', ...Array.from({ length: 48 }, (_, i) => pad(i))]);
    expect(res.body.data.map((g: { count: number }) => g.count)).toEqual([3, 3, ...Array(48).fill(2)]);
  });

  it('counts only the most recent 5,000 rows of the window (5,001 seeded, the oldest left out)', async () => {
    const { project, tx, vitals } = await withProject();
    // Row i (1..5000) is i seconds old with duration i; the 5,001st and oldest is a far outlier under another name.
    await db.$executeRaw`
      INSERT INTO transactions (project_id, name, duration, timestamp, lcp)
      SELECT ${project.id},
        CASE WHEN i = 5001 THEN '/oldest' ELSE '/big' END,
        CASE WHEN i = 5001 THEN 1000000 ELSE i END,
        ${new Date(NOW)}::timestamptz - i * interval '1 second',
        CASE WHEN i = 5001 THEN 1000000 ELSE 1000 END
      FROM generate_series(1, 5001) AS i`;
    const res = await tx();
    expect(res.body.data).toHaveLength(1);
    const [g] = res.body.data;
    expect(g).toMatchObject({ name: '/big', count: 5000, lastSeen: new Date(NOW - 1000).toISOString() });
    // percentile_cont over 1..5000: position f·4999 between sorted values.
    expect(g.p50).toBe(2500.5);
    expect(g.p75).toBe(3750.25);
    expect(g.p95).toBeCloseTo(4750.05, 9);
    // A full sample spans 5,000 seconds (its oldest row to now): 5,000 rows over 5000/60 minutes.
    expect(g.throughput).toBeCloseTo(60, 9);
    expect(g.failureRate).toBe(0);
    const v = await vitals();
    expect(v.body.data.sampleCount).toBe(5000);
    expect(v.body.data.vitals.lcp).toEqual({ p75: 1000, rating: 'good', samples: 5000 });
  });

  it('excludes rows outside the window, in the future, and of other projects', async () => {
    const { project, tx } = await withProject();
    await seed(project.id, [
      { name: '/in', duration: 1, at: NOW - 7 * DAY }, // exactly at the window's start: in
      { name: '/in', duration: 3, at: NOW },
      { name: '/old', duration: 5, at: NOW - 7 * DAY - 1 },
      { name: '/future', duration: 5, at: NOW + 1 },
    ]);
    const { project: elsewhere } = await withProject();
    await seed(elsewhere.id, [{ name: '/in', duration: 1000, at: NOW - HOUR }]);
    const res = await tx();
    expect(res.body.data).toEqual([
      {
        name: '/in',
        count: 2,
        p50: 2,
        p75: 2.5,
        p95: 2.9,
        lastSeen: new Date(NOW).toISOString(),
        failureRate: 0,
        throughput: 2 / WEEK_MINUTES,
      },
    ]);
  });

  const days: [string, string | undefined, string[]][] = [
    ['default 7', undefined, ['/d0', '/d1', '/d6']],
    ['1', '1', ['/d0']],
    ['0 → 1', '0', ['/d0']],
    ['-4 → 1', '-4', ['/d0']],
    ['30', '30', ['/d0', '/d1', '/d6', '/d29']],
    ['99 → 30', '99', ['/d0', '/d1', '/d6', '/d29']],
    ['abc → 7', 'abc', ['/d0', '/d1', '/d6']],
    ['empty → 7', '', ['/d0', '/d1', '/d6']],
    ['2.5 → 2', '2.5', ['/d0', '/d1']],
  ];
  it.each(days)('days %s', async (_label, value, want) => {
    const { project, tx, vitals } = await withProject();
    await seed(project.id, [
      { name: '/d0', at: NOW - 0.5 * DAY, lcp: 1 },
      { name: '/d1', at: NOW - 1.5 * DAY, lcp: 1 },
      { name: '/d6', at: NOW - 6.5 * DAY, lcp: 1 },
      { name: '/d29', at: NOW - 29.5 * DAY, lcp: 1 },
      { name: '/d30', at: NOW - 30.5 * DAY, lcp: 1 },
    ]);
    const query = value === undefined ? undefined : { days: value };
    const res = await tx(query);
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { name: string }) => g.name).sort()).toEqual([...want].sort());
    const v = await vitals(query);
    expect(v.body.data.sampleCount).toBe(want.length);
    expect(v.body.data.vitals.lcp.samples).toBe(want.length);
  });

  it('an empty window is an empty list', async () => {
    const { tx } = await withProject();
    const res = await tx();
    expect(res.body.data).toEqual([]);
  });
});

describe('GET performance/vitals', () => {
  it('p75 per vital with samples, rating at/above/below thresholds, null without samples', async () => {
    const { project, vitals } = await withProject();
    await seed(project.id, [
      // lcp 1000..4000 → p75 at position 2.25 = 3250: needs-improvement
      { at: NOW - 1, lcp: 1000, cls: 0.1, fcp: 3001 },
      { at: NOW - 2, lcp: 2000 },
      { at: NOW - 3, lcp: 3000 },
      { at: NOW - 4, lcp: 4000 },
      { at: NOW - 5 }, // a transaction without vitals still counts in sampleCount
    ]);
    const res = await vitals();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Web vitals fetched' });
    expect(res.body.data).toEqual({
      sampleCount: 5,
      vitals: {
        lcp: { p75: 3250, rating: 'needs-improvement', samples: 4 },
        cls: { p75: 0.1, rating: 'good', samples: 1 }, // exactly at the good threshold
        fcp: { p75: 3001, rating: 'poor', samples: 1 },
        ttfb: null,
      },
    });
  });

  const thresholds: [string, Partial<Tx>, string, string][] = [
    ['LCP at 2500', { lcp: 2500 }, 'lcp', 'good'],
    ['LCP just above 2500', { lcp: 2500.1 }, 'lcp', 'needs-improvement'],
    ['LCP at 4000', { lcp: 4000 }, 'lcp', 'needs-improvement'],
    ['LCP just above 4000', { lcp: 4000.1 }, 'lcp', 'poor'],
    ['FCP just below 1800', { fcp: 1799.9 }, 'fcp', 'good'],
    ['FCP at 3000', { fcp: 3000 }, 'fcp', 'needs-improvement'],
    ['TTFB at 800', { ttfb: 800 }, 'ttfb', 'good'],
    ['TTFB just above 1800', { ttfb: 1800.1 }, 'ttfb', 'poor'],
    ['CLS at 0.25', { cls: 0.25 }, 'cls', 'needs-improvement'],
    ['CLS just above 0.25', { cls: 0.2501 }, 'cls', 'poor'],
  ];
  it.each(thresholds)('rating through the API: %s', async (_label, sample, vital, rating) => {
    const { project, vitals } = await withProject();
    await seed(project.id, [{ at: NOW - 1, ...sample }]);
    const res = await vitals();
    expect(res.body.data.vitals[vital]).toEqual({ p75: Object.values(sample)[0], rating, samples: 1 });
  });

  it('no transactions: every vital null, sampleCount 0', async () => {
    const { vitals } = await withProject();
    const res = await vitals();
    expect(res.body.data).toEqual({ sampleCount: 0, vitals: { lcp: null, cls: null, fcp: null, ttfb: null } });
  });
});

describe('errors and cross-tenant', () => {
  it('401 without a session; 404 for an unknown project', async () => {
    const { client } = await withProject();
    for (const kind of ['transactions', 'vitals']) {
      const anon = await new TestClient().get(`/api/v1/projects/x/performance/${kind}`);
      expect(anon.status).toBe(401);
      const res = await client.get(`/api/v1/projects/nope/performance/${kind}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Project not found' });
    }
  });

  it('another organization gets 404 and sees nothing of the project', async () => {
    const { project } = await withProject();
    await seed(project.id, [{ name: '/secret-checkout', at: NOW - HOUR, lcp: 1234 }]);
    const { client: intruder } = await signUp();
    const own = await createProject(intruder, 'Mine');
    for (const kind of ['transactions', 'vitals']) {
      const res = await intruder.get(`/api/v1/projects/${project.id}/performance/${kind}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Project not found' });
    }
    const ownTx = await intruder.get(`/api/v1/projects/${own.id}/performance/transactions`);
    expect(ownTx.body.data).toEqual([]);
    const ownVitals = await intruder.get(`/api/v1/projects/${own.id}/performance/vitals`);
    expect(ownVitals.body.data.sampleCount).toBe(0);
  });
});

describe('performance per environment', () => {
  it('environment= keeps the transactions ingest stored with that environment, on both endpoints', async () => {
    const { project, tx, vitals, client } = await withProject();
    const key = project.keys[0].publicKey;
    const sent = [
      { environment: 'production', duration: 100, lcp: 1000 },
      { environment: 'production', duration: 300, lcp: 3000 },
      { environment: 'staging', duration: 900, lcp: 5000 },
      { duration: 50 },
    ];
    for (const [i, t] of sent.entries()) {
      const { lcp, ...rest } = t;
      const res = await send({
        client,
        projectId: project.id,
        key,
        body: transactionEnvelope({ ...rest, timestamp: NOW - (i + 1) * HOUR, ...(lcp ? { vitals: { lcp } } : {}) }),
      });
      expect(res.status).toBe(200);
    }
    for (const env of ['production', 'staging', 'nowhere']) {
      const mine = sent.filter((t) => t.environment === env);
      const groups = (await tx({ environment: env })).body.data;
      expect(groups.length ? groups[0].count : 0).toBe(mine.length);
      const v = (await vitals({ environment: env })).body.data;
      expect(v.sampleCount).toBe(mine.length);
    }
    // No environment given: every transaction, as the spec says.
    expect((await tx()).body.data[0].count).toBe(sent.length);
    expect((await tx({ environment: '' })).body.data[0].count).toBe(sent.length);
    expect((await tx({ environment: 'production' })).body.data[0].p50).toBe(200);
  });
});

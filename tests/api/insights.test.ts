// #62: Insights from what the real @sentry/node 11 sends. A program (tests/support/insights-sdks/app.cjs) runs known
// numbers of queries with its PostgreSQL integration against the embedded PostgreSQL inside transactions, calls a
// loopback server with fetch (one answer a 500), reads a cache and publishes and processes a message; the Queries,
// Outbound HTTP, Caches and Queues endpoints give back exactly those counts, per normalised statement, host and
// path, transaction and destination. Bad input gets exact 400s; another organization's project is a 404.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';
import { DB_FILTER, exploreHref, hostFilter, HTTP_ERRORS, requestFilter } from '@/lib/insights/explore-links';
import type { CacheAnswer, HttpAnswer, QueriesAnswer, QueueAnswer } from '@/lib/zod/insights';

const run = promisify(execFile);
const PLAN = {
  transactions: [
    { name: 'GET /orders', lookups: 3, counts: 1 },
    { name: 'GET /orders', lookups: 3, counts: 1 },
    { name: 'GET /orders', lookups: 3, counts: 1 },
    { name: 'POST /checkout', lookups: 2, counts: 0 },
  ],
  calls: ['/users/1', '/users/22', '/users/333', '/fail', '/health'],
  cacheReads: [true, true, true, false],
};
const LOOKUP = 'SELECT id FROM projects WHERE number = ?';
const COUNT = 'SELECT count(*) FROM organizations';

let server: Awaited<ReturnType<typeof startSentryServer>>;
let client: TestClient;
let projectId: string;
const base = () => `/api/v1/projects/${projectId}/insights`;
async function read<T>(page: string, query?: Record<string, string>): Promise<T> {
  const res = await client.get(`${base()}/${page}`, { query });
  expect(res.status, res.text).toBe(200);
  return res.body.data as T;
}

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  client = s.client;
  const project = await createProject(client, 'Shop');
  projectId = project.id;
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const { stdout } = await run(
    process.execPath,
    [
      path.join(import.meta.dirname, '../support/insights-sdks/app.cjs'),
      dsn,
      process.env.DATABASE_URL!,
      JSON.stringify(PLAN),
    ],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1), stdout).toBe('sent');
}, 90_000);
afterAll(async () => {
  await server.close();
});

describe('Insights over what @sentry/node sent', () => {
  it('Queries: each normalised statement with its count, transactions, time share and sample traces', async () => {
    const q = await read<QueriesAnswer>('queries');
    const lookup = q.rows.find((r) => r.statement === LOOKUP);
    const count = q.rows.find((r) => r.statement === COUNT);
    expect(lookup, JSON.stringify(q.rows.map((r) => r.statement))).toBeDefined();
    expect([lookup!.op, lookup!.count, lookup!.transactions]).toEqual([
      'db',
      11,
      [
        { name: 'GET /orders', count: 9 },
        { name: 'POST /checkout', count: 2 },
      ],
    ]);
    expect([count!.count, count!.transactions]).toEqual([3, [{ name: 'GET /orders', count: 3 }]]);
    expect(lookup!.throughput).toBeCloseTo(11 / (24 * 60), 10);
    expect(lookup!.group).toMatch(/^[0-9a-f]{16}$/);
    // Shares add up to all database time (the pool's connect spans are database spans too).
    expect(q.rows.reduce((n, r) => n + r.timeShare, 0)).toBeCloseTo(1, 6);
    expect(q.spans).toBe(q.rows.reduce((n, r) => n + r.count, 0));
    expect(lookup!.samples).toHaveLength(3);
    const slowest = lookup!.samples.map((s) => s.durationMs);
    expect(slowest).toEqual([...slowest].sort((a, b) => b - a));
    // p95 of 11 lies between the second slowest and the slowest; the total is the average times the count.
    expect(lookup!.p95Ms).toBeLessThanOrEqual(slowest[0]);
    expect(lookup!.p95Ms).toBeGreaterThanOrEqual(slowest[1]);
    expect(lookup!.totalMs).toBeCloseTo(lookup!.avgMs * 11, 0);
    // A sample's trace holds that span.
    const trace = await client.get(`/api/v1/organization/traces/${lookup!.samples[0].traceId}`);
    expect(trace.status).toBe(200);
    expect(trace.body.data.spans.map((s: { spanId: string }) => s.spanId)).toContain(lookup!.samples[0].spanId);
  });

  it('Queries: an environment without spans and the last hour', async () => {
    expect((await read<QueriesAnswer>('queries', { environment: 'staging' })).rows).toEqual([]);
    const hour = await read<QueriesAnswer>('queries', { statsPeriod: '1h', environment: 'production' });
    expect(hour.rows.find((r) => r.statement === LOOKUP)?.count).toBe(11);
    expect(hour.minutes).toBe(60);
  });

  it('the Explore links answer the same figures (a statement, a host, a request and its errors)', async () => {
    const c = { projectId, statsPeriod: '24h' as const };
    const explore = async (href: string) => {
      const query = Object.fromEntries(new URL(href, 'http://x').searchParams);
      const res = await client.get('/api/v1/organization/explore', { query });
      expect(res.status, res.text).toBe(200);
      return res.body.data.table as Record<string, number | string>[];
    };
    const lookup = (await read<QueriesAnswer>('queries')).rows.find((r) => r.statement === LOOKUP)!;
    expect(await explore(exploreHref(c, [DB_FILTER, `span.group:${lookup.group}`], 'count()'))).toEqual([
      { 'count()': 11 },
    ]);
    const h = await read<HttpAnswer>('http');
    const users = h.rows.find((r) => r.path === '/users/*')!;
    const fail = h.rows.find((r) => r.path === '/fail')!;
    expect(await explore(exploreHref(c, hostFilter(users.host), 'count()'))).toEqual([{ 'count()': 5 }]);
    expect(await explore(exploreHref(c, requestFilter(users), 'count()'))).toEqual([{ 'count()': 3 }]);
    expect(await explore(exploreHref(c, [...requestFilter(fail), HTTP_ERRORS], 'count()'))).toEqual([{ 'count()': 1 }]);
    expect(await explore(exploreHref(c, [...hostFilter(users.host), HTTP_ERRORS], 'count()'))).toEqual([
      { 'count()': 1 },
    ]);
  });

  it('Outbound HTTP: by host and path, ids replaced, with the 500 as the error rate', async () => {
    const h = await read<HttpAnswer>('http');
    const users = h.rows.find((r) => r.path === '/users/*')!;
    const fail = h.rows.find((r) => r.path === '/fail')!;
    expect(users, JSON.stringify(h.rows)).toBeDefined();
    expect([users.method, users.count, users.errors, users.errorRate]).toEqual(['GET', 3, 0, 0]);
    expect([fail.count, fail.errors, fail.errorRate]).toEqual([1, 1, 1]);
    expect(users.host).toBe('127.0.0.1');
    const host = h.hosts.find((x) => x.host === users.host)!;
    expect([host.count, host.errors, host.errorRate]).toEqual([5, 1, 0.2]);
  });

  it('Caches: hit rate from cache.hit, per transaction', async () => {
    const c = await read<CacheAnswer>('caches');
    expect([c.total.count, c.total.hits, c.total.hitRate]).toEqual([4, 3, 0.75]);
    expect(c.rows.map((r) => [r.transaction, r.count, r.hitRate])).toEqual([['GET /catalog', 4, 0.75]]);
  });

  it('Queues: published and processed per destination with the receive latency', async () => {
    const q = await read<QueueAnswer>('queues');
    expect(q.rows.map((r) => [r.destination, r.published, r.processed, r.receiveLatencyMs, r.processErrors])).toEqual([
      ['emails', 1, 1, 120, 0],
    ]);
  });
});

describe('Outbound HTTP from spans named by their URL (older SDKs, no url.* data)', () => {
  it('host and path from the description, ids as *, a 503 and a failed call without a status as errors, a 404 not', async () => {
    // Another account: a FREE organization has one project.
    const { client: other } = await signUp();
    const project = await createProject(other, 'Legacy');
    const u = new URL(server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn));
    const now = Date.now() / 1000;
    const traceId = randomBytes(16).toString('hex');
    const root = randomBytes(8).toString('hex');
    const call = (description: string, status: string, data?: object) => ({
      span_id: randomBytes(8).toString('hex'),
      parent_span_id: root,
      trace_id: traceId,
      op: 'http.client',
      description,
      start_timestamp: now - 0.5,
      timestamp: now - 0.4,
      status,
      ...(data ? { data } : {}),
    });
    const txn = {
      type: 'transaction',
      event_id: randomBytes(16).toString('hex'),
      transaction: 'GET /legacy',
      start_timestamp: now - 1,
      timestamp: now,
      contexts: { trace: { trace_id: traceId, span_id: root, op: 'http.server', status: 'ok' } },
      spans: [
        call('GET https://api.example.com/users/42?token=x', 'internal_error', { 'http.status_code': 503 }),
        call('GET https://api.example.com/users/7', 'internal_error'),
        call('GET https://api.example.com/health', 'not_found', { 'http.status_code': 404 }),
      ],
    };
    const body = [
      JSON.stringify({ event_id: txn.event_id }),
      JSON.stringify({ type: 'transaction' }),
      JSON.stringify(txn),
    ];
    const res = await fetch(`${u.protocol}//${u.host}/api${u.pathname}/envelope/?sentry_key=${u.username}`, {
      method: 'POST',
      body: body.join('\n'),
    });
    expect(res.status, await res.text()).toBe(200);
    const h = (await other.get(`/api/v1/projects/${project.id}/insights/http`)).body.data as HttpAnswer;
    expect(h.rows.map((r) => [r.method, r.host, r.path, r.count, r.errors])).toEqual([
      ['GET', 'api.example.com', '/users/*', 2, 2],
      ['GET', 'api.example.com', '/health', 1, 0],
    ]);
    expect(h.hosts.map((x) => [x.host, x.count, x.errors])).toEqual([['api.example.com', 3, 2]]);
  });
});

describe('Insights: bad input and other organizations', () => {
  const periodMessage = 'statsPeriod must be one of 1h, 24h, 7d, 14d, 30d';
  const validation = (p: string[], message: string) => ({
    statusCode: 400,
    status: 'failed',
    message: 'Validation error',
    error: [{ path: p, message }],
  });
  const bad: [string, Record<string, string>, object][] = [
    ['an unknown period', { statsPeriod: '2h' }, validation(['query', 'statsPeriod'], periodMessage)],
    ['a period without a unit', { statsPeriod: '24' }, validation(['query', 'statsPeriod'], periodMessage)],
    ['an empty period', { statsPeriod: '' }, validation(['query', 'statsPeriod'], periodMessage)],
    [
      'an empty environment',
      { environment: '' },
      validation(['query', 'environment'], 'Environment must not be empty'),
    ],
  ];
  for (const page of ['queries', 'http', 'caches', 'queues'])
    it.each(bad)(`${page}: %s → 400`, async (_label, query, body) => {
      const res = await client.get(`${base()}/${page}`, { query });
      expect([res.status, res.body]).toEqual([400, body]);
    });

  it('an unknown project and another organization’s project are 404 with nothing of it; no session is 401', async () => {
    const { client: stranger } = await signUp();
    for (const page of ['queries', 'http', 'caches', 'queues']) {
      const unknown = await client.get(`/api/v1/projects/no-such-project/insights/${page}`);
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Project not found']);
      const theirs = await stranger.get(`${base()}/${page}`, { query: { statsPeriod: '7d' } });
      expect([theirs.status, theirs.body]).toEqual([
        404,
        { statusCode: 404, status: 'failed', message: 'Project not found' },
      ]);
      expect(theirs.text).not.toContain('SELECT');
      expect((await new TestClient().get(`${base()}/${page}`)).status).toBe(401);
    }
  });
});

// #34: traces and logs. The real @sentry/node 11 (tracing, its HTTP and PostgreSQL integrations, logs) serves a
// request that runs two queries, logs a line and fails; the official OpenTelemetry JS SDK alone exports a trace
// (protobuf) and a log (JSON) over OTLP/HTTP. Each trace is read back through the API with its transactions, every
// span (both queries), the error at the span it happened in and its logs; "where the time goes" groups the queries;
// bad OTLP bodies and keys get clear answers; another organization gets 404.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const DIR = path.join(import.meta.dirname, '../support/traces-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

async function program(file: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(DIR, file), ...args], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), stdout).toBe('sent');
  return lines.at(-2)!;
}

type Trace = {
  traceId: string;
  spans: {
    spanId: string;
    parentSpanId: string | null;
    op: string;
    description: string;
    transaction: string;
    isSegment: boolean;
    durationMs: number;
    status: string | null;
    data: Record<string, unknown> | null;
    environment: string | null;
  }[];
  transactions: { name: string }[];
  errors: { title: string; spanId: string | null; issueId: string }[];
  logCount: number;
};

describe('traces from real clients', () => {
  it('@sentry/node: the request, both queries, the error where it happened and its log line; span groups', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'API');
    const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
    const traceId = await program('sentry-app.cjs', [dsn, process.env.DATABASE_URL!]);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const res = await s.client.get(`/api/v1/organization/traces/${traceId}`);
    expect(res.status, res.text).toBe(200);
    const t = res.body.data as Trace;
    const root = t.spans.find((x) => x.isSegment && x.op === 'http.server')!;
    expect(root.transaction).toBe('/checkout');
    // Besides the pool's connect spans, the two queries with their statements.
    const queries = t.spans.filter((x) => x.op === 'db' && x.description.startsWith('SELECT'));
    // The SDK sends statements with their literals already replaced.
    expect(queries.map((q) => q.description)).toEqual([
      'SELECT ? AS one',
      'SELECT count(*) AS n FROM projects WHERE name = ?',
    ]);
    for (const q of queries) expect(q.durationMs).toBeGreaterThanOrEqual(0);
    // Each span gets its own data and its transaction's environment back (#51: stored once per transaction).
    for (const q of queries) expect(q.data?.['db.system.name']).toBe('postgresql');
    expect(root.data).toMatchObject({ 'http.request.method': 'GET', 'url.path': '/checkout' });
    expect(root.data?.['db.system.name']).toBeUndefined();
    expect(new Set(t.spans.map((x) => x.environment))).toEqual(new Set(['production']));
    expect(t.transactions.map((x) => x.name)).toContain('/checkout');
    expect(t.errors).toHaveLength(1);
    expect(t.errors[0].title).toContain('checkout exploded');
    expect(t.spans.map((x) => x.spanId)).toContain(t.errors[0].spanId);
    expect(t.logCount).toBe(1);

    const logs = await s.client.get(`/api/v1/projects/${project.id}/logs`, { query: { traceId } });
    expect(logs.body.data.logs).toHaveLength(1);
    expect(logs.body.data.logs[0]).toMatchObject({
      level: 'info',
      body: 'Checkout for ada failed',
      template: 'Checkout for %s failed',
      traceId,
      environment: 'production',
      release: 'api@3.0.0',
    });
    expect(logs.body.data.logs[0].attributes).toMatchObject({ cart: 'c-42' });
    // Search by level, text and attribute.
    for (const [query, n] of [
      [{ level: 'info' }, 1],
      [{ level: 'error,fatal' }, 0],
      [{ query: 'checkout for' }, 1],
      [{ attribute: 'cart:c-42' }, 1],
      [{ attribute: 'cart:c-43' }, 0],
    ] as const) {
      expect(
        (await s.client.get(`/api/v1/projects/${project.id}/logs`, { query })).body.data.logs.length,
        JSON.stringify(query),
      ).toBe(n);
    }

    const groups = await s.client.get(
      `/api/v1/projects/${project.id}/performance/transactions/${encodeURIComponent('/checkout')}/spans`,
    );
    expect(groups.status, groups.text).toBe(200);
    expect(
      groups.body.data
        .map((g: { op: string; group: string; count: number }) => [g.op, g.group, g.count])
        .filter((g: string[]) => g[0] === 'db' && g[1].startsWith('SELECT'))
        .sort(),
    ).toEqual([
      ['db', 'SELECT ? AS one', 1],
      ['db', 'SELECT count(*) AS n FROM projects WHERE name = ?', 1],
    ]);

    // The error event links to its trace.
    const issue = await s.client.get(`/api/v1/projects/${project.id}/issues/${t.errors[0].issueId}`);
    expect(JSON.stringify(issue.body.data.events?.[0]?.contexts ?? issue.body.data)).toContain(traceId);

    const stranger = await signUp();
    expect((await stranger.client.get(`/api/v1/organization/traces/${traceId}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/projects/${project.id}/logs`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/projects/${project.id}/performance/transactions/x/spans`)).status).toBe(
      404,
    );

    // Spans and logs have no foreign key (#51): deleting the project takes them with it all the same.
    // A row of spans holds a transaction's spans of one write: counted by its spans.
    const count = async (table: string) =>
      Number(
        (
          await pool().query(
            `SELECT coalesce(${table === 'spans' ? 'sum(span_count)' : 'count(*)'}, 0) AS n FROM ${table} WHERE trace_id = $1::uuid`,
            [traceId],
          )
        ).rows[0].n,
      );
    expect(await count('spans')).toBe(t.spans.length);
    expect(await count('logs')).toBe(1);
    expect((await s.client.delete(`/api/v1/projects/${project.id}`)).status).toBe(200);
    expect(await count('spans')).toBe(0);
    expect(await count('logs')).toBe(0);
  });

  it('the OpenTelemetry JS SDK alone over OTLP/HTTP: the same views', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Orders');
    const key = project.keys[0].publicKey;
    const traceId = await program('otel-app.mjs', [
      server.otlpUrl(project.number, 'traces'),
      server.otlpUrl(project.number, 'logs'),
      key,
    ]);
    const t = (await s.client.get(`/api/v1/organization/traces/${traceId}`)).body.data as Trace;
    expect(t.spans.map((x) => [x.op, x.description, x.isSegment]).sort()).toEqual([
      ['db', 'SELECT * FROM orders WHERE id = 7', false],
      ['http.server', 'GET /orders', true],
    ]);
    expect(t.spans.find((x) => x.isSegment)!.status).toBe('internal_error');
    expect(t.transactions.map((x) => x.name)).toEqual(['GET /orders']);
    expect(t.errors.map((e) => e.title)).toEqual(['Error: order 7 is corrupt']);
    expect(t.logCount).toBe(1);
    const [log] = (await s.client.get(`/api/v1/projects/${project.id}/logs`, { query: { traceId } })).body.data.logs;
    expect(log).toMatchObject({
      level: 'error',
      body: 'Order 7 could not be loaded',
      environment: 'production',
      release: 'orders@7.1.0',
    });
    expect(log.attributes).toMatchObject({ 'order.id': 7, 'service.name': 'orders-service' });
    const perf = await s.client.get(`/api/v1/projects/${project.id}/performance/transactions`);
    expect(JSON.stringify(perf.body.data)).toContain('GET /orders');
  });

  it('hostile values are stored safely: NUL characters, dates past 9999, a 20,000-key attribute bag (900 KB)', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Hostile');
    const key = project.keys[0].publicKey;
    const traceId = 'abcdef0123456789abcdef0123456789';
    const items = [
      {
        timestamp: Date.now() / 1000,
        level: 'info',
        body: 'nul \u0000 inside',
        trace_id: traceId,
        attributes: { 'a\u0000b': { type: 'string', value: 'c\u0000d' } },
      },
      { timestamp: 1e13, level: 'info', body: 'from the year 318857' },
      {
        timestamp: Date.now() / 1000,
        level: 'warn',
        body: 'many attributes',
        attributes: Object.fromEntries(
          Array.from({ length: 20_000 }, (_, i) => [`k${i}`, { type: 'integer', value: i }]),
        ),
      },
    ];
    const body = [
      JSON.stringify({}),
      JSON.stringify({ type: 'log', item_count: items.length }),
      JSON.stringify({ items }),
    ].join('\n');
    const t0 = performance.now();
    const res = await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, body);
    expect(res.status, res.text).toBe(200);
    expect(performance.now() - t0).toBeLessThan(5000);
    const logs = (await s.client.get(`/api/v1/projects/${project.id}/logs`)).body.data.logs as {
      body: string;
      attributes: Record<string, unknown> | null;
    }[];
    expect(logs.map((l) => l.body).sort()).toEqual(['many attributes', 'nul \uFFFD inside']);
    expect(logs.find((l) => l.body.startsWith('nul'))!.attributes).toEqual({ 'a\uFFFDb': 'c\uFFFDd' });
    expect(Object.keys(logs.find((l) => l.body === 'many attributes')!.attributes!).length).toBeLessThanOrEqual(200);
    // The line dated past 9999 is counted, not lost.
    await flushOutcomes();
    const rows = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    expect(
      rows
        .filter((r) => r.category === 'log_item')
        .map((r) => [r.outcome, r.reason, r.quantity])
        .sort(),
    ).toEqual([
      ['accepted', '', 2],
      ['invalid', 'unusable_or_over_cap', 1],
    ]);
  });

  it('bad OTLP requests: clear statuses', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Bad');
    const url = server.otlpUrl(project.number, 'traces');
    const post = (u: string, body: string | Buffer, headers: Record<string, string>) =>
      fetch(u, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers });
    const auth = { 'x-sentry-auth': `sentry sentry_key=${project.keys[0].publicKey}` };
    for (const [u, body, headers, status, answer] of [
      [
        url,
        '{}',
        { 'content-type': 'application/json' },
        401,
        { statusCode: 401, message: 'Missing key: send x-sentry-auth: sentry sentry_key=<public key>' },
      ],
      [
        url,
        '{}',
        { 'content-type': 'application/json', 'x-sentry-auth': 'sentry sentry_key=nope' },
        401,
        { statusCode: 401, message: 'Invalid ingest key for this project' },
      ],
      [
        url,
        'not json',
        { 'content-type': 'application/json', ...auth },
        400,
        { statusCode: 400, message: 'Body is not valid JSON' },
      ],
      [
        url,
        '[1]',
        { 'content-type': 'application/json', ...auth },
        400,
        { statusCode: 400, message: 'Body must be a JSON object' },
      ],
      [
        url,
        'x',
        { 'content-type': 'text/plain', ...auth },
        415,
        { statusCode: 415, message: 'Content-Type must be application/x-protobuf or application/json' },
      ],
      [
        url.replace('/traces', '/profiles'),
        '{}',
        { 'content-type': 'application/json', ...auth },
        404,
        { statusCode: 404, message: 'OTLP signals here are traces, logs and metrics' },
      ],
      [url, '{"resourceSpans":[]}', { 'content-type': 'application/json', ...auth }, 200, {}],
    ] as const) {
      const res = await post(u, body, headers);
      expect([res.status, await res.json()], `${u} ${String(body)}`).toEqual([status, answer]);
    }
    // A body that is not an OTLP protobuf message: 400 with the decoder's reason.
    const garbage = await post(url, Buffer.from([0xff, 0xff, 0xff]), {
      'content-type': 'application/x-protobuf',
      ...auth,
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { message: string }).message).toMatch(
      /^Body is not an OTLP traces protobuf message: /,
    );

    // The read APIs: each bad query is 400 naming the field with its message.
    for (const [path, query, field, message] of [
      // The first level of the comma-separated list that is not one.
      [
        `/api/v1/projects/${project.id}/logs`,
        { level: 'loud,info' },
        ['level', 0],
        'Levels are trace, debug, info, warn, error, fatal',
      ],
      [
        `/api/v1/projects/${project.id}/logs`,
        { attribute: 'no-colon' },
        'attribute',
        'An attribute filter is key:value',
      ],
      [`/api/v1/projects/${project.id}/logs`, { traceId: 'xyz' }, 'traceId', 'A trace id is 32 hex characters'],
      [`/api/v1/projects/${project.id}/logs`, { cursor: 'garbage' }, 'cursor', 'Not a cursor from this list'],
      [`/api/v1/projects/${project.id}/attachments`, {}, 'eventId', 'Give the event id'],
      [
        `/api/v1/projects/${project.id}/attachments`,
        { eventId: 'nope' },
        'eventId',
        'An event id is 32 hex characters',
      ],
    ] as const) {
      const res = await s.client.get(path, { query });
      expect([res.status, res.body.error], `${path} ${JSON.stringify(query)}`).toEqual([
        400,
        [{ path: ['query', ...[field].flat()], message }],
      ]);
    }
    // A trace id that is not one is a path that names nothing: 404, as every malformed id in a path.
    const notATrace = await s.client.get('/api/v1/organization/traces/not-a-trace');
    expect([notATrace.status, notATrace.body.message]).toEqual([404, 'Not found']);
  });
});

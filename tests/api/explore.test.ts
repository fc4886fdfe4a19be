// #61: Explore over what the real @sentry/node 11 sends. A program (tests/support/explore-sdks/app.mjs) sends
// transactions with child spans of known times (some failed), error events with a tag and log lines with number and
// text attributes, all planned in plan.mjs; every aggregate read back through GET /api/v1/organization/explore is
// compared exactly with what the plan says it sent (counts, sums, averages, p95 as percentile_cont interpolates,
// failure rates, unique counts), per group, and the samples behind a row link to where each item is shown.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';
// @ts-expect-error: a plain ES module shared with the SDK program.
import { PLAN } from '../support/explore-sdks/plan.mjs';

type Span = { op: string; description: string; duration: number; failed?: boolean };
type Txn = { name: string; start: number; duration: number; spans: Span[]; failed?: boolean };
type Log = { level: string; message: string; amount: number; customer: string };
const plan = PLAN as { transactions: Txn[]; errors: { message: string; step: string }[]; logs: Log[] };

const run = promisify(execFile);
let server: Awaited<ReturnType<typeof startSentryServer>>;
let client: TestClient;
let projectId: string;

/** PostgreSQL's percentile_cont: linear between the two nearest ranks. */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.ceil(pos)] - s[lo]) * (pos - lo);
}
const round = (v: number) => Math.round(v * 1e4) / 1e4;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function explore(query: Record<string, string>) {
  const res = await client.get('/api/v1/organization/explore', { query });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.meta.sampled).toBe(false);
  return res.body.data as {
    table: Record<string, string | number | null>[];
    series: { aggregate: string; group: (string | null)[]; values: [number, number | null][] }[];
    meta: { rows: number; groups: number };
  };
}
/** The table as { group value: { aggregate: value } } for one group-by. */
const byGroup = (table: Record<string, string | number | null>[], field: string) =>
  Object.fromEntries(table.map(({ [field]: g, ...rest }) => [String(g), rest]));

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  client = s.client;
  const project = await createProject(client, 'Shop');
  projectId = project.id;
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  // Ten minutes ago: inside the default range (the last 24 hours).
  const base = Date.now() - 10 * 60_000;
  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, '../support/explore-sdks/app.mjs'), dsn, String(base)],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1), stdout).toBe('sent');
}, 90_000);
afterAll(async () => {
  await server.close();
});

describe('Explore over what @sentry/node sent', () => {
  it('transactions: count, p95, sum and failure rate per name, and a series over the range', async () => {
    const r = await explore({
      dataset: 'transactions',
      aggregate: 'count(),p95(transaction.duration),sum(transaction.duration),failure_rate()',
      groupBy: 'transaction',
    });
    const expected = Object.fromEntries(
      ['GET /checkout', 'GET /cart'].map((name) => {
        const ts = plan.transactions.filter((t) => t.name === name);
        const d = ts.map((t) => t.duration);
        return [
          name,
          {
            'count()': ts.length,
            'p95(transaction.duration)': round(percentile(d, 0.95)),
            'sum(transaction.duration)': round(sum(d)),
            'failure_rate()': round(ts.filter((t) => t.failed).length / ts.length),
          },
        ];
      }),
    );
    expect(byGroup(r.table, 'transaction')).toEqual(expected);
    // Ranked by the first aggregate; each series adds up to its row.
    expect(r.table.map((x) => x.transaction)).toEqual(['GET /checkout', 'GET /cart']);
    const counts = r.series.filter((s) => s.aggregate === 'count()');
    expect(counts.map((s) => [s.group, sum(s.values.map((v) => v[1] ?? 0))])).toEqual([
      [['GET /checkout'], 4],
      [['GET /cart'], 2],
    ]);
  });

  it('spans: every span of every transaction, by op, with sums and p95 of the durations sent', async () => {
    const all = plan.transactions.flatMap((t) => t.spans);
    const db = all.filter((s) => s.op === 'db').map((s) => s.duration);
    const r = await explore({
      dataset: 'spans',
      aggregate: 'count(),sum(span.duration),p95(span.duration),failure_rate()',
      groupBy: 'span.op',
    });
    const rows = byGroup(r.table, 'span.op');
    expect(rows.db).toEqual({
      'count()': db.length,
      'sum(span.duration)': round(sum(db)),
      'p95(span.duration)': round(percentile(db, 0.95)),
      'failure_rate()': 0,
    });
    // Each transaction's root span is a span too.
    const roots = plan.transactions.map((t) => t.duration);
    expect(rows['http.server']).toEqual({
      'count()': roots.length,
      'sum(span.duration)': round(sum(roots)),
      'p95(span.duration)': round(percentile(roots, 0.95)),
      'failure_rate()': round(plan.transactions.filter((t) => t.failed).length / roots.length),
    });
    expect(rows['http.client']).toMatchObject({ 'count()': 1, 'failure_rate()': 1 });

    // Filters: a comparison with a unit, a span data key, the root spans, free text.
    const longDb = db.filter((d) => d > 15);
    expect((await explore({ dataset: 'spans', query: 'span.op:db span.duration:>15ms' })).table).toEqual([
      { 'count()': longDb.length },
    ]);
    expect(byGroup((await explore({ dataset: 'spans', groupBy: 'db.system' })).table, 'db.system')).toEqual({
      postgresql: { 'count()': db.length },
      null: { 'count()': all.length - db.length + roots.length },
    });
    expect(
      (await explore({ dataset: 'spans', query: 'is_transaction:true', aggregate: 'avg(span.duration)' })).table,
    ).toEqual([{ 'avg(span.duration)': round(sum(roots) / roots.length) }]);
    expect((await explore({ dataset: 'spans', query: '"SELECT 1" !span.op:http.*' })).table).toEqual([
      { 'count()': all.filter((s) => s.description === 'SELECT 1').length },
    ]);
  });

  it('errors: events by a tag the SDK set, and by release', async () => {
    const r = await explore({ dataset: 'errors', groupBy: 'checkout.step' });
    expect(byGroup(r.table, 'checkout.step')).toEqual({ pay: { 'count()': 2 }, ship: { 'count()': 1 } });
    expect((await explore({ dataset: 'errors', groupBy: 'release,environment' })).table).toEqual([
      { release: 'shop@1.0.0', environment: 'production', 'count()': plan.errors.length },
    ]);
    expect((await explore({ dataset: 'errors', query: 'declined', aggregate: 'count_unique(issue)' })).table).toEqual([
      { 'count_unique(issue)': 1 },
    ]);
  });

  it('logs: lines by severity, and sums, averages and unique counts of their attributes', async () => {
    const r = await explore({
      dataset: 'logs',
      aggregate: 'count(),sum(amount),avg(amount),count_unique(customer)',
      groupBy: 'severity',
    });
    const expected = Object.fromEntries(
      [...new Set(plan.logs.map((l) => l.level))].map((level) => {
        const ls = plan.logs.filter((l) => l.level === level);
        return [
          level,
          {
            'count()': ls.length,
            'sum(amount)': round(sum(ls.map((l) => l.amount))),
            'avg(amount)': round(sum(ls.map((l) => l.amount)) / ls.length),
            'count_unique(customer)': new Set(ls.map((l) => l.customer)).size,
          },
        ];
      }),
    );
    expect(byGroup(r.table, 'severity')).toEqual(expected);
    expect(
      (await explore({ dataset: 'logs', query: 'amount:>=30 !customer:bob', aggregate: 'sum(amount)' })).table,
    ).toEqual([
      {
        'sum(amount)': round(sum(plan.logs.filter((l) => l.amount >= 30 && l.customer !== 'bob').map((l) => l.amount))),
      },
    ]);
    expect((await explore({ dataset: 'logs', query: 'has:customer message:Paid' })).meta.rows).toBe(3);
  });

  it('the samples behind a row: each item with its link', async () => {
    const res = await client.get('/api/v1/organization/explore/samples', {
      query: { dataset: 'spans', groupBy: 'span.op', group: '["db"]' },
    });
    expect(res.status, res.text).toBe(200);
    const samples = res.body.data.samples as { id: string; href: string; projectId: string; timestamp: string }[];
    expect(samples).toHaveLength(plan.transactions.flatMap((t) => t.spans).filter((s) => s.op === 'db').length);
    for (const s of samples) {
      expect(s.projectId).toBe(projectId);
      expect(s.href).toMatch(new RegExp(`^/traces/[0-9a-f]{32}#span-${projectId}-${s.id}$`));
    }
    // Newest first.
    expect(samples.map((s) => s.timestamp)).toEqual([...samples.map((s) => s.timestamp)].sort().reverse());
    const errors = await client.get('/api/v1/organization/explore/samples', {
      query: { dataset: 'errors', groupBy: 'checkout.step', group: '["pay"]' },
    });
    expect(errors.body.data.samples).toHaveLength(2);
    for (const e of errors.body.data.samples)
      expect(e.href).toMatch(new RegExp(`^/projects/${projectId}/issues/[^/]+/events/[^/]+$`));
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { exploreQuerySchema, type ExploreQueryInput } from '@/lib/zod/explore';
import { compileQuery } from './compile';
import { exploreSql } from './build-sql';
import { chooseSampling, MAX_SAMPLE_PAGES, scansOf } from './sampling';

const NOW = Date.parse('2026-12-02T12:00:00Z');
const projects = [
  { id: 'p-shop', number: 7, slug: 'shop', name: 'Shop' },
  { id: 'p-api', number: 8, slug: 'api', name: 'API' },
];
const compile = (q: ExploreQueryInput, retentionDays = 90) =>
  compileQuery(exploreQuerySchema.parse(q), { nowMs: NOW, retentionDays, projects });

function refusal(q: ExploreQueryInput, retentionDays = 90) {
  try {
    compile(q, retentionDays);
  } catch (err) {
    if (err instanceof AppError) return { status: err.code, issues: err.issues };
    throw err;
  }
  throw new Error('not refused');
}

describe('compiling a query', () => {
  it.each([
    [
      { dataset: 'traces' },
      {
        path: ['query', 'dataset'],
        message: 'Unknown dataset "traces": use spans, transactions, logs, errors, metrics',
      },
    ],
    [
      { dataset: 'transactions', groupBy: ['browser'] },
      {
        path: ['query', 'groupBy', 0],
        message:
          'Unknown field "browser" for transactions: use project, transaction, transaction.duration, transaction.status, environment, release, trace, measurements.lcp, measurements.fcp, measurements.ttfb, measurements.cls',
      },
    ],
    [
      { dataset: 'spans', aggregates: ['p95(span.op)'] },
      {
        path: ['query', 'aggregates', 0],
        message: 'p95() needs a number: "span.op" of spans is text (count_unique() counts its values)',
      },
    ],
    [
      { dataset: 'logs', aggregates: ['failure_rate()'] },
      { path: ['query', 'aggregates', 0], message: 'failure_rate() is for transactions and spans, not logs' },
    ],
    [
      { dataset: 'logs', aggregates: ['spm()'] },
      { path: ['query', 'aggregates', 0], message: 'spm() counts spans: use epm() for logs' },
    ],
    [
      { dataset: 'spans', query: 'span.op:>3' },
      { path: ['query', 'query'], position: 0, message: '"span.op" is text: only numbers compare with >' },
    ],
    [
      { dataset: 'spans', query: 'span.duration:fast' },
      {
        path: ['query', 'query'],
        position: 0,
        message: '"span.duration" is a duration: compare it with a number of ms or with a unit (500ms, 1.5s, 2m)',
      },
    ],
    [
      { dataset: 'logs', query: 'level:error project:nope' },
      { path: ['query', 'query'], position: 12, message: 'No project "nope" in this organization' },
    ],
    [
      { dataset: 'logs', statsPeriod: '31d' },
      {
        path: ['query', 'statsPeriod'],
        message: "The range reaches back past 30 days, as long as this organization's plan keeps data",
      },
    ],
  ])('refuses %j', (q, issue) => {
    expect(refusal(q, 'statsPeriod' in q ? 30 : 90)).toEqual({ status: 'VALIDATION', issues: [issue] });
  });

  it('binds every value and key a person typed; the SQL holds only our own text', () => {
    const evil = `x'); DROP TABLE logs; --`;
    const c = compile({
      dataset: 'logs',
      query: `"${evil}" user.id:"${evil}" !order.id:o-* has:cart.items payment.amount:>=10 level:[warn,error]`,
      aggregates: ['sum(payment.amount)', `count_unique(user.id)`],
      groupBy: ['server.address', 'level'],
    });
    const { text, values } = exploreSql(c, { percent: 1.5 });
    expect(text).not.toContain('DROP');
    expect(text).not.toContain('user.id');
    expect(text).not.toContain('server.address');
    expect(values).toContain(`%${evil}%`);
    expect(values).toContain(evil);
    expect(values).toContain('o-%');
    expect(values).toContain('user.id');
    expect(values).toContain('cart.items');
    expect(values).toContain(1.5);
    expect(values).toContainEqual(['warn', 'error']);
    // Every placeholder has its value, and no value is left without one.
    const used = new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(Math.max(...used)).toBe(values.length);
    expect(used.size).toBe(values.length);
  });

  it('reads a span data key from the row’s bags, only when the query names one', () => {
    const plain = exploreSql(
      compile({ dataset: 'spans', aggregates: ['p95(span.duration)'], groupBy: ['span.op'] }),
      null,
    );
    expect(plain.text).not.toContain('b.data');
    const data = exploreSql(compile({ dataset: 'spans', groupBy: ['db.system'] }), null);
    expect(data.text).toContain('b.data::jsonb');
    // The issue title joins the issues only when asked for.
    expect(exploreSql(compile({ dataset: 'errors', groupBy: ['release'] }), null).text).not.toContain('JOIN issues');
    expect(exploreSql(compile({ dataset: 'errors', groupBy: ['title'] }), null).text).toContain('JOIN issues');
  });

  it('fixes the range, the interval and the projects', () => {
    const c = compile({ dataset: 'errors', statsPeriod: '7d', projects: ['p-api'], query: 'project:api' });
    expect(c.endMs).toBe(NOW);
    expect(c.startMs).toBe(NOW - 7 * 86_400_000);
    expect(c.interval).toBe('2h');
    // The scope's projects by their stored key, and the `project:` term by its slug.
    expect(c.params.values[0]).toEqual(['p-shop', 'p-api']);
    expect(c.params.values).toContainEqual(['p-api']);
    expect(compile({ dataset: 'errors', start: '2026-12-01T00:00:00Z', end: '2026-12-01T06:00:00Z' }).interval).toBe(
      '5m',
    );
  });

  it('compares one project with = (its (project, time) index then reads newest first), several with ANY', () => {
    const one = compileQuery(exploreQuerySchema.parse({ dataset: 'spans' }), {
      nowMs: NOW,
      retentionDays: 90,
      projects: projects.slice(0, 1),
    });
    expect(one.where[0]).toMatch(/= \$1::int$/);
    expect(one.params.values[0]).toBe(7);
    expect(compile({ dataset: 'spans' }).where[0]).toMatch(/= ANY\(\$1::int\[\]\)$/);
    expect(compile({ dataset: 'spans' }).params.values[0]).toEqual([7, 8]);
  });
});

describe('sampling', () => {
  const plan = (cost: number, rows: number) => ({
    'Node Type': 'Append',
    'Plan Rows': rows,
    'Total Cost': cost,
    Plans: [
      { 'Node Type': 'Seq Scan', 'Relation Name': 'logs_p20261201', 'Plan Rows': rows / 2, 'Total Cost': cost / 2 },
      { 'Node Type': 'Seq Scan', 'Relation Name': 'logs_p20261202', 'Plan Rows': rows / 2, 'Total Cost': cost / 2 },
      { 'Node Type': 'Seq Scan', 'Relation Name': 'projects', 'Plan Rows': 9, 'Total Cost': 1 },
    ],
  });

  it('adds up the scans of the dataset’s partitions only', () => {
    expect(scansOf(plan(1000, 500), 'logs')).toEqual({
      cost: 1000,
      rows: 500,
      relations: ['logs_p20261201', 'logs_p20261202'],
    });
  });

  it('counts a scan inside a nested loop once per outer row', () => {
    const nested = {
      'Node Type': 'Nested Loop',
      'Plan Rows': 10_000,
      'Total Cost': 500,
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'metric_series', 'Plan Rows': 12, 'Total Cost': 1 },
        { 'Node Type': 'Index Scan', 'Relation Name': 'metric_points_p20261202', 'Plan Rows': 800, 'Total Cost': 40 },
      ],
    };
    expect(scansOf(nested, 'metric_points')).toEqual({ cost: 480, rows: 9600, relations: ['metric_points_p20261202'] });
  });

  it('reads exactly when cheap, else a sample of about the target rows, never more pages than the cap', () => {
    expect(chooseSampling(100_000, scansOf(plan(1000, 50_000), 'logs'), 800)).toEqual({ exact: true });
    expect(chooseSampling(100_000, scansOf(plan(600_000, 10_000_000), 'logs'), 400_000)).toEqual({
      exact: false,
      rate: 0.01,
    });
    // A small share of a large table: the page cap decides.
    expect(chooseSampling(100_000, scansOf(plan(600_000, 400_000), 'logs'), 1_200_000)).toEqual({
      exact: false,
      rate: MAX_SAMPLE_PAGES / 1_200_000,
    });
    // Expensive but a sample would read most of it anyway.
    expect(chooseSampling(100_000, scansOf(plan(60_000, 150_000), 'logs'), MAX_SAMPLE_PAGES * 1.5)).toEqual({
      exact: true,
    });
  });

  it('reads a LIMITed statement (the samples) exactly when its whole plan is cheap, whatever its scans would yield', () => {
    // The newest 50 of millions in index order: the plan's cost is low though its scans could yield every row.
    const newest = { ...scansOf(plan(600_000, 10_000_000), 'logs'), cost: 900, limited: true };
    expect(chooseSampling(100_000, newest, 400_000)).toEqual({ exact: true });
    // Without an index to stop early, the whole plan is dear: a sample.
    expect(chooseSampling(100_000, { ...newest, cost: 600_000 }, 400_000)).toEqual({ exact: false, rate: 0.01 });
    // The same cheap cost without LIMIT: too many rows to read exactly.
    expect(chooseSampling(100_000, { ...newest, limited: false }, 400_000)).toEqual({ exact: false, rate: 0.01 });
  });
});

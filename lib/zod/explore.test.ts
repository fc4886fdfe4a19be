import { describe, expect, it } from 'vitest';
import { issuesFromZod } from '@/lib/errors';
import {
  autoInterval,
  exploreQuerySchema,
  exploreSearchParams,
  exploreSearchParamsSchema,
  parseAggregate,
} from './explore';

const issues = (v: unknown) => {
  const r = exploreQuerySchema.safeParse(v);
  return r.success ? [] : issuesFromZod(r.error);
};

describe('Explore query value', () => {
  it('fills the defaults: count() over the last 24 hours, top 5, 100 rows', () => {
    expect(exploreQuerySchema.parse({ dataset: 'spans' })).toEqual({
      dataset: 'spans',
      query: '',
      aggregates: ['count()'],
      groupBy: [],
      projects: [],
      statsPeriod: '24h',
      topN: 5,
      limit: 100,
    });
  });

  it('writes aggregates one way', () => {
    expect(exploreQuerySchema.parse({ dataset: 'spans', aggregates: [' p95( span.duration )'] }).aggregates).toEqual([
      'p95(span.duration)',
    ]);
    expect(parseAggregate('count_unique(user.id)')).toEqual({ fn: 'count_unique', field: 'user.id' });
    expect(parseAggregate('count()')).toEqual({ fn: 'count', field: null });
  });

  it.each([
    [{ aggregates: ['p95()'] }, ['aggregates', 0], 'p95() needs a field, e.g. p95(span.duration)'],
    [{ aggregates: ['epm(x)'] }, ['aggregates', 0], 'epm() takes no field'],
    [
      { aggregates: ['median(x)'] },
      ['aggregates', 0],
      'Unknown function "median": use count, count_unique, sum, avg, min, max, p50, p75, p90, p95, p99, failure_rate, epm, spm',
    ],
    [
      { aggregates: ['p95'] },
      ['aggregates', 0],
      '"p95" is not an aggregate: write function(field), e.g. p95(span.duration) or count()',
    ],
    [{ aggregates: [] }, ['aggregates'], 'At least one aggregate, e.g. count()'],
    [{ aggregates: Array(6).fill('count()') }, ['aggregates'], 'At most 5 aggregates'],
    [{ groupBy: ['a', 'b', 'c', 'd'] }, ['groupBy'], 'At most 3 group-by fields'],
    [{ groupBy: ['a', 'a'] }, ['groupBy'], 'A field is grouped by twice'],
    [{ groupBy: ['no spaces'] }, ['groupBy', 0], 'A group-by field is a field or attribute name'],
    [{ statsPeriod: '24x' }, ['statsPeriod'], 'A period is a number and a unit (m, h, d, w), e.g. 24h or 14d'],
    [{ statsPeriod: '91d' }, ['statsPeriod'], 'The range is longer than 90 days, the most one query reads'],
    [{ statsPeriod: '0m' }, ['statsPeriod'], 'The range must be at least a minute long (end after start)'],
    [
      { statsPeriod: '24h', start: '2026-12-01T00:00:00Z', end: '2026-12-02T00:00:00Z' },
      ['statsPeriod'],
      'Give either statsPeriod or start and end, not both',
    ],
    [{ start: '2026-12-01T00:00:00Z' }, ['end'], 'Give both start and end'],
    [
      { start: '2026-12-02T00:00:00Z', end: '2026-12-01T00:00:00Z' },
      ['end'],
      'The range must be at least a minute long (end after start)',
    ],
    [
      { start: 'yesterday', end: '2026-12-01T00:00:00Z' },
      ['start'],
      'A date and time in ISO 8601, e.g. 2026-12-01T00:00:00Z',
    ],
    [{ interval: '5x' }, ['interval'], 'An interval is a number and a unit (s, m, h, d), e.g. 5m or 1h'],
    [{ interval: '30s' }, ['interval'], 'The interval must be at least 1m'],
    [
      { statsPeriod: '7d', interval: '1m' },
      ['interval'],
      'An interval of 1m makes 10,080 buckets over this range: at most 200 (use 1h or more)',
    ],
    [{ topN: 11 }, ['topN'], 'Top series: 1 to 10'],
    [{ limit: 0 }, ['limit'], 'Table rows: 1 to 1000'],
    [{ dataset: 'Spans!' }, ['dataset'], 'A dataset: errors, transactions, spans, logs or metrics'],
  ])('refuses %j', (value, path, message) => {
    expect(issues({ dataset: 'spans', ...value })).toEqual([{ path, message }]);
  });

  it('refuses a malformed filter where it goes wrong', () => {
    expect(issues({ dataset: 'logs', query: 'level:error "open' })).toEqual([
      { path: ['query'], message: 'Unclosed quote', position: 12 },
    ]);
  });

  it('picks an interval of at most 150 buckets', () => {
    const h = 3_600_000;
    expect(autoInterval(h)).toBe('1m');
    expect(autoInterval(24 * h)).toBe('10m');
    expect(autoInterval(7 * 24 * h)).toBe('2h');
    expect(autoInterval(14 * 24 * h)).toBe('3h');
    expect(autoInterval(90 * 24 * h)).toBe('1d');
  });

  it('round-trips through a query string', () => {
    const value = exploreQuerySchema.parse({
      dataset: 'spans',
      query: 'span.op:db !span.status:ok "a, b"',
      aggregates: ['p95(span.duration)', 'count()'],
      groupBy: ['transaction', 'span.op'],
      projects: ['p1', 'p2'],
      start: '2026-12-01T00:00:00.000Z',
      end: '2026-12-02T00:00:00.000Z',
      interval: '1h',
      topN: 3,
      limit: 50,
    });
    const params = exploreSearchParams(value);
    expect(params.get('aggregate')).toBe('p95(span.duration),count()');
    expect(exploreSearchParamsSchema.parse(Object.fromEntries(params))).toEqual(value);
  });

  it('names the query string parameter at fault', () => {
    const r = exploreSearchParamsSchema.safeParse({ dataset: 'spans', groupBy: 'a,b,c,d', topN: 'x' });
    expect(r.success).toBe(false);
    expect(issuesFromZod(r.error!)).toEqual([{ path: ['topN'], message: 'Top series: a whole number' }]);
    const groups = exploreSearchParamsSchema.safeParse({ dataset: 'spans', groupBy: 'a,b,c,d' });
    expect(issuesFromZod(groups.error!)).toEqual([{ path: ['groupBy'], message: 'At most 3 group-by fields' }]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERFORMANCE_SETTINGS as DEFAULTS,
  issueTypeOf,
  performanceFingerprint,
  performanceSettingsOf,
} from '@/lib/performance-issues/types';
import { spanGroup } from '@/lib/traces/span-groups';
import { detectPerformanceIssues, type DetectSpan } from './detect';

const ROOT = 'a'.repeat(16);
let nextId = 1;
/** A child span of `parent` from `start` for `ms` milliseconds, its group worked out as ingest does. */
function span(op: string, description: string, start: number, ms: number, parent: string = ROOT): DetectSpan {
  return {
    spanId: (nextId++).toString(16).padStart(16, '0'),
    parentSpanId: parent,
    op,
    description,
    group: spanGroup(op, description),
    startMs: 1_000_000 + start,
    durationMs: ms,
    isSegment: false,
  };
}
const root: DetectSpan = {
  ...span('http.server', 'GET /orders', 0, 60_000, ''),
  spanId: ROOT,
  parentSpanId: null,
  isSegment: true,
};

/** `n` queries of `sql` (ids 1..n) one after another from `start`, each `ms` long and `gap` apart. */
const queries = (n: number, opts: { ms?: number; gap?: number; start?: number; sql?: string; op?: string } = {}) =>
  Array.from({ length: n }, (_, i) =>
    span(
      opts.op ?? 'db',
      `${opts.sql ?? 'SELECT * FROM users WHERE id = '}${i + 1}`,
      (opts.start ?? 0) + i * ((opts.ms ?? 25) + (opts.gap ?? 1)),
      opts.ms ?? 25,
    ),
  );
const http = (n: number, opts: { ms?: number; step?: number; host?: string } = {}) =>
  Array.from({ length: n }, (_, i) =>
    span(
      'http.client',
      `GET https://${opts.host ?? 'api.example.com'}/items/${i + 1}`,
      i * (opts.step ?? 1_300),
      opts.ms ?? 1_200,
    ),
  );
const typesOf = (spans: DetectSpan[], settings = DEFAULTS) =>
  detectPerformanceIssues([root, ...spans], settings).map((d) => d.type);

describe('N+1 query', () => {
  it.each([
    ['4 repeats', queries(4), []],
    ['5 repeats', queries(5), ['performance_n_plus_one_db_queries']],
    ['10 repeats', queries(10), ['performance_n_plus_one_db_queries']],
    ['5 repeats of db.sql.query', queries(5, { op: 'db.sql.query' }), ['performance_n_plus_one_db_queries']],
    ['5 Redis commands', queries(5, { op: 'db.redis', sql: 'GET user:' }), []],
    ['5 repeats under 100 ms in all', queries(5, { ms: 19 }), []],
    ['5 repeats in parallel', queries(5, { gap: -20 }), []],
    [
      'a connect between each',
      queries(5).flatMap((q) => [q, span('db', 'pg-pool.connect', q.startMs - 1_000_000, 0)]),
      ['performance_n_plus_one_db_queries'],
    ],
  ])('%s', (_name, spans, expected) => {
    expect(typesOf(spans)).toEqual(expected);
  });

  it('another query or an HTTP call in the middle breaks the sequence; other parents do not count', () => {
    const [a, b, c, d, e] = queries(5);
    expect(typesOf([a, b, span('db', 'SELECT 1', 55, 1), c, d, e])).toEqual([]);
    expect(typesOf([a, b, span('http.client', 'GET /x', 55, 1), c, d, e])).toEqual([]);
    expect(typesOf([a, b, c, d, { ...e, parentSpanId: 'b'.repeat(16) }])).toEqual([]);
  });

  it('one detection per group, with its spans in order, the parent and the total', () => {
    const spans = queries(6).reverse();
    const [d] = detectPerformanceIssues([root, ...spans], DEFAULTS);
    expect(d.group).toBe('SELECT * FROM users WHERE id = ?');
    expect(d.parentSpanId).toBe(ROOT);
    expect(d.spans.map((s) => s.description)).toEqual(queries(6).map((q) => q.description));
    expect(d.totalMs).toBe(150);
  });

  it('the count is a setting, and a detector can be switched off', () => {
    expect(typesOf(queries(4), { ...DEFAULTS, nPlusOneMinCount: 4 })).toEqual(['performance_n_plus_one_db_queries']);
    expect(typesOf(queries(10), { ...DEFAULTS, nPlusOneDbQueries: false })).toEqual([]);
  });
});

describe('slow DB query', () => {
  it.each([
    ['a SELECT of 999 ms', [span('db', 'SELECT * FROM orders WHERE id = 1', 0, 999)], []],
    [
      'a SELECT of 1,000 ms',
      [span('db', 'SELECT * FROM orders WHERE id = 1', 0, 1_000)],
      ['performance_slow_db_query'],
    ],
    ['an UPDATE of 5 s', [span('db', 'UPDATE orders SET x = 1', 0, 5_000)], []],
    ['a truncated SELECT', [span('db', 'SELECT * FROM orders WHERE ...', 0, 5_000)], []],
    ['an HTTP call of 5 s', [span('http.client', 'GET https://x.example.com/', 0, 5_000)], []],
  ])('%s', (_name, spans, expected) => {
    expect(typesOf(spans)).toEqual(expected);
  });

  it('two slow runs of one query in a transaction are one detection (the slowest); the threshold is a setting', () => {
    const a = span('db', 'SELECT * FROM orders WHERE id = 1', 0, 1_500);
    const b = span('db', 'SELECT * FROM orders WHERE id = 2', 2_000, 2_500);
    const found = detectPerformanceIssues([root, a, b], DEFAULTS);
    expect(found).toHaveLength(1);
    expect(found[0].spans).toEqual([b]);
    expect(typesOf([span('db', 'SELECT 1', 0, 60)], performanceSettingsOf({ slowDbQueryMs: 50 }))).toEqual([
      'performance_slow_db_query',
    ]);
  });
});

describe('consecutive HTTP', () => {
  it.each([
    ['2 calls', http(2), []],
    ['3 sequential calls of 1.2 s', http(3), ['performance_consecutive_http']],
    ['3 calls in parallel', http(3, { step: 100 }), []],
    ['3 calls of 900 ms', http(3, { ms: 900, step: 1_000 }), []],
    ['3 calls 20 s apart', http(3, { step: 20_000 }), []],
  ])('%s', (_name, spans, expected) => {
    expect(typesOf(spans)).toEqual(expected);
  });

  it('the time saved is the total less the longest call; short calls between do not break the sequence', () => {
    const calls = http(3);
    const short = span('http.client', 'GET https://api.example.com/ping', 1_250, 30);
    const [d] = detectPerformanceIssues([root, calls[0], short, calls[1], calls[2]], DEFAULTS);
    expect(d.type).toBe('performance_consecutive_http');
    expect(d.spans).toEqual(calls);
    expect(d.savedMs).toBe(2_400);
    expect(d.group).toBe('GET https://api.example.com/items/*');
  });
});

describe('settings', () => {
  it('stored settings over the defaults; a wrong type or a negative number keeps the default', () => {
    expect(performanceSettingsOf(null)).toEqual(DEFAULTS);
    expect(performanceSettingsOf({ slowDbQueryMs: 200, consecutiveHttp: false, nPlusOneMinCount: -1, x: 1 })).toEqual({
      ...DEFAULTS,
      slowDbQueryMs: 200,
      consecutiveHttp: false,
    });
  });
});

describe('issue types', () => {
  it('a performance fingerprint names its type; any other fingerprint is an error', () => {
    expect(issueTypeOf(performanceFingerprint('performance_slow_db_query', 'ab12'))).toBe('performance_slow_db_query');
    expect(issueTypeOf('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe('error');
    expect(issueTypeOf('something:else')).toBe('error');
  });
});

import { describe, expect, it } from 'vitest';
import { filterNumber, parseExploreFilter } from './explore-filter';

const filters = (q: string) => {
  const r = parseExploreFilter(q);
  if (!r.ok) throw new Error(`${r.reason} at ${r.position}`);
  return r.filters;
};

describe('Explore filter', () => {
  it('reads every kind of term with its position', () => {
    expect(filters('checkout span.op:db !span.status:ok span.duration:>=1.5s has:user.id "two words"')).toEqual([
      { kind: 'text', text: 'checkout', negated: false, position: 0 },
      { kind: 'match', key: 'span.op', value: 'db', wildcard: false, negated: false, position: 9 },
      { kind: 'match', key: 'span.status', value: 'ok', wildcard: false, negated: true, position: 21 },
      { kind: 'compare', key: 'span.duration', op: '>=', value: '1.5s', negated: false, position: 36 },
      { kind: 'has', key: 'user.id', negated: false, position: 57 },
      { kind: 'text', text: 'two words', negated: false, position: 69 },
    ]);
  });

  it('wildcards only unquoted; lists; every comparison', () => {
    expect(filters('url:https://*/cards')[0]).toMatchObject({
      kind: 'match',
      value: 'https://*/cards',
      wildcard: true,
    });
    expect(filters('name:"a*b"')[0]).toMatchObject({ kind: 'match', value: 'a*b', wildcard: false });
    expect(filters('level:[error,fatal]')[0]).toMatchObject({ kind: 'in', key: 'level', values: ['error', 'fatal'] });
    expect(filters('a:>1 b:<2 c:>=3 d:<=4').map((f) => (f.kind === 'compare' ? f.op : null))).toEqual([
      '>',
      '<',
      '>=',
      '<=',
    ]);
    // A quoted comparison is a value like any other.
    expect(filters('a:">1"')[0]).toMatchObject({ kind: 'match', value: '>1' });
    expect(filters('!has:db.system')[0]).toMatchObject({ kind: 'has', key: 'db.system', negated: true, position: 1 });
  });

  it.each([
    ['x:', 2, 'Missing value after "x:"'],
    ['"open', 0, 'Unclosed quote'],
    ['! x', 0, 'Nothing to negate after "!"'],
    ['has:a:b', 4, '"has:" takes a field or attribute name, not "a:b"'],
    ['bad$key:1', 0, '"bad$key" is not a valid key: use letters, digits, "_", ".", "-", "@" or "/"'],
    ['level:[error', 6, 'A list of values is written [a,b,c]'],
    ['level:[a,,b]', 6, 'An empty value in the list'],
    ['level:[]', 6, 'A list of values is written [a,b,c]'],
    [`k:[${Array.from({ length: 51 }, (_, i) => i).join(',')}]`, 2, 'At most 50 values in a list'],
    [Array.from({ length: 21 }, (_, i) => `k${i}:v`).join(' '), 110, 'At most 20 terms in one query'],
    ['x'.repeat(501), 500, 'The query is longer than 500 characters'],
  ])('refuses %j at %i', (q, position, reason) => {
    expect(parseExploreFilter(q)).toEqual({ ok: false, position, reason });
  });

  it('reads numbers and durations', () => {
    expect(filterNumber('500', true)).toBe(500);
    expect(filterNumber('500ms', true)).toBe(500);
    expect(filterNumber('1.5s', true)).toBe(1500);
    expect(filterNumber('2m', true)).toBe(120_000);
    expect(filterNumber('-3', false)).toBe(-3);
    expect(filterNumber('2e3', false)).toBe(2000);
    expect(filterNumber('5s', false)).toBeNull();
    expect(filterNumber('fast', true)).toBeNull();
    expect(filterNumber('1e999', false)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { groupValues, metricStatement } from './metric-query';

const project = { id: 'p1', number: 7, slug: 'shop', name: 'Shop' };
const query = { dataset: 'spans', query: 'span.op:db', aggregates: ['p95(span.duration)'], groupBy: ['transaction'] };
const nowMs = Date.parse('2026-12-02T08:00:00Z');

describe('a metric rule statement', () => {
  it('reads both windows of a comparison in one statement, each with its own bound range', () => {
    const s = metricStatement({ query, windowMinutes: 5, comparison: '1d' }, { nowMs, retentionDays: 30, project });
    expect(s.text.split('UNION ALL')).toHaveLength(2);
    // The day-before window's bounds are parameters after the current window's, not a copy of them.
    expect(s.values).toContain('2026-12-02T07:55:00.000Z');
    expect(s.values).toContain('2026-12-01T07:55:00.000Z');
    expect(s.values).toContain('2026-12-01T08:00:00.000Z');
    const highest = Math.max(...[...s.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(highest).toBe(s.values.length);
  });

  it('turns rows into group values: the change in %, nothing to compare with, counts of an empty window', () => {
    const rows = [
      { part: 'cur' as const, v: 150, g0: 'GET /a' },
      { part: 'prev' as const, v: 100, g0: 'GET /a' },
      { part: 'cur' as const, v: 80, g0: 'GET /b' },
      { part: 'prev' as const, v: 0, g0: 'GET /b' },
      { part: 'cur' as const, v: 10, g0: null },
    ];
    const r = { query, windowMinutes: 5, comparison: '1d' as const };
    expect(groupValues(r, { perMinute: false, zero: false }, rows)).toEqual([
      { group: 'GET /a', value: 50 },
      { group: 'GET /b', value: null },
      { group: '(none)', value: null },
    ]);
    const counts = { query: { ...query, aggregates: ['epm()'], groupBy: [] }, windowMinutes: 5, comparison: null };
    expect(groupValues(counts, { perMinute: true, zero: true }, [])).toEqual([{ group: null, value: 0 }]);
    expect(groupValues(counts, { perMinute: true, zero: true }, [{ part: 'cur', v: 50 }])).toEqual([
      { group: null, value: 10 },
    ]);
  });
});

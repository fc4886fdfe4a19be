import { describe, expect, it } from 'vitest';
import { isPointAttribute, MAX_SERIES_ATTRIBUTES, SeriesSets, seriesId, seriesIdOfSet, setJson } from './series';

describe('a point’s series and its own attributes', () => {
  it.each([
    ['sentry.timestamp.sequence', 3, true],
    ['user.id', 'u-1', true],
    ['user.email', 'ann@example.org', true],
    ['client.address', '203.0.113.7', true],
    ['order.id', 'o-1', true],
    ['request_id', 'r-1', true],
    ['service.instance.id', 'i-1', true],
    ['trace', 'c0ffee0123456789', true],
    ['req', '5f0c1c52-1d0e-4a55-9c3b-7a1f7e4f6e11', true],
    ['ratio', 0.25, true],
    ['note', 'x'.repeat(201), true],
    ['region', 'eu', false],
    ['http.status_code', 200, false],
    ['sentry.release', 'shop@2.0.0', false],
    ['cached', true, false],
    ['android', 'valid', false],
  ])('%s = %j: the point’s own: %s', (key, value, own) => {
    expect(isPointAttribute(key, value)).toBe(own);
  });

  it('gathers each distinct set once, whatever the order of its keys; 200 and "200" are two sets', () => {
    const sets = new SeriesSets();
    const a = sets.add({ region: 'eu', route: '/a', 'user.id': 'u1', 'sentry.timestamp.sequence': 0 });
    const b = sets.add({ route: '/a', 'user.id': 'u2', region: 'eu' });
    const c = sets.add({ status: 200 });
    const d = sets.add({ status: '200' });
    const none = sets.add(null);
    expect([a.set, b.set, c.set, d.set, none.set]).toEqual([0, 0, 1, 2, 3]);
    expect(sets.add({ route: '/a', region: 'eu' }).set).toBe(0);
    expect([a.own, b.own, c.own, none.own]).toEqual([
      { 'user.id': 'u1', 'sentry.timestamp.sequence': 0 },
      { 'user.id': 'u2' },
      null,
      null,
    ]);
    expect(sets.sets).toEqual([{ region: 'eu', route: '/a' }, { status: 200 }, { status: '200' }, {}]);
    expect(Object.keys(sets.sets[0])).toEqual(['region', 'route']);
  });

  it(`keeps the first ${MAX_SERIES_ATTRIBUTES} attributes by name in the series, the rest on the point`, () => {
    const sets = new SeriesSets();
    const bag = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 'v']));
    const { set, own } = sets.add({ ...bag, 'user.id': 'u' });
    expect(Object.keys(sets.sets[set])).toEqual(Object.keys(bag).slice(0, MAX_SERIES_ATTRIBUTES));
    expect(Object.keys(own!).sort()).toEqual(['user.id', ...Object.keys(bag).slice(MAX_SERIES_ATTRIBUTES)].sort());
    expect(sets.add({ ...bag }).set).toBe(set);
  });

  it('a series id is the same for the same project, name, type, unit and set, and differs by any of them', () => {
    const json = setJson({ region: 'eu' });
    const base = { name: 'm', type: 'counter' as const, unit: '', setJson: json };
    const id = seriesId('p1', base).idText;
    expect(seriesId('p1', { ...base }).idText).toBe(id);
    for (const other of [
      seriesId('p2', base),
      seriesId('p1', { ...base, name: 'n' }),
      seriesId('p1', { ...base, type: 'gauge' }),
      seriesId('p1', { ...base, unit: 'byte' }),
      seriesId('p1', { ...base, setJson: setJson({ region: 'us' }) }),
    ])
      expect(other.idText).not.toBe(id);
    expect(seriesId('p1', base).id.readBigInt64BE(0).toString()).toBe(id);
  });

  it('a set made again in a later request names the same series; one the scrubber changed, its scrubbed set’s', () => {
    const p = { name: 'm', type: 'gauge' as const, unit: '' };
    const idOf = (sets: SeriesSets, n: number) =>
      seriesIdOfSet('p1', p, { set: sets.sets[n], made: sets.made[n] }).idText;
    const first = new SeriesSets();
    const a = first.add({ route: '/a', region: 'eu' }).set;
    const second = new SeriesSets();
    const b = second.add({ region: 'eu', route: '/a' }).set;
    const expected = seriesId('p1', { ...p, setJson: setJson({ region: 'eu', route: '/a' }) }).idText;
    expect([idOf(first, a), idOf(second, b)]).toEqual([expected, expected]);
    const third = new SeriesSets();
    const c = third.add({ route: '/a', region: 'eu' }).set;
    third.sets[c].region = '[Filtered]';
    expect(idOf(third, c)).toBe(
      seriesId('p1', { ...p, setJson: setJson({ region: '[Filtered]', route: '/a' }) }).idText,
    );
    // The made set is untouched by the scrubber's write: the next request's is the unscrubbed one again.
    const fourth = new SeriesSets();
    expect(idOf(fourth, fourth.add({ route: '/a', region: 'eu' }).set)).toBe(expected);
  });

  it('sets whose texts hold the key’s separators stay apart', () => {
    const sets = new SeriesSets();
    const a = sets.add({ route: '/a', zzz: 'q' }).set;
    const later = new SeriesSets();
    const b = later.add({ route: '/a\u0002zzz\u0001string\u0001q' }).set;
    expect(later.sets[b]).toEqual({ route: '/a\u0002zzz\u0001string\u0001q' });
    expect(sets.sets[a]).toEqual({ route: '/a', zzz: 'q' });
  });
});

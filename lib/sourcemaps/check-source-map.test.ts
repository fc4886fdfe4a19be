import { describe, expect, it } from 'vitest';
import { checkSourceMap, normalizeDebugId, tildeUrl } from './check-source-map';
import { cleanSource, enclosingFunction } from './symbolicate';

const good = { version: 3, sources: ['a.js'], names: ['x'], mappings: 'AAAAA' };

describe('checkSourceMap', () => {
  const CASES: [string, unknown, string | null][] = [
    ['a good map', good, null],
    ['an array', [], 'Source map is not a JSON object'],
    ['version 2', { ...good, version: 2 }, 'Source map version must be 3'],
    ['sections', { version: 3, sections: [] }, 'Indexed source maps (sections) are not supported'],
    ['mappings not a string', { ...good, mappings: [] }, 'Source map mappings are not base64 VLQ'],
    ['non-base64 mappings', { ...good, mappings: 'AA A' }, 'Source map mappings are not base64 VLQ'],
    ['a source index past the sources', { ...good, mappings: 'AEAA' }, 'Source map mappings name a source that does not exist'],
    ['sourcesContent of numbers', { ...good, sourcesContent: [1] }, 'Source map sourcesContent must be an array of strings'],
    ['names of numbers', { ...good, names: [1] }, 'Source map names must be an array of strings'],
  ];
  it.each(CASES)('%s', (_n, map, reason) => {
    const r = checkSourceMap(JSON.stringify(map));
    expect(r.ok ? null : r.reason).toBe(reason);
  });

  it('keeps the debug ID, normalised', () => {
    const r = checkSourceMap(JSON.stringify({ ...good, debug_id: 'CC4332AB461858A4ABE28BFDC47E4EDB' }));
    expect(r.ok && r.debugId).toBe('cc4332ab-4618-58a4-abe2-8bfdc47e4edb');
  });

  it('refuses a map above the byte cap without parsing it', () => {
    const r = checkSourceMap(' '.repeat(16 * 1024 * 1024 + 1));
    expect(r.ok).toBe(false);
  });
});

describe('helpers', () => {
  it.each([
    ['https://app.example.com/static/js/main.js?v=1#x', '~/static/js/main.js'],
    ['~/static/js/main.js', '~/static/js/main.js'],
    ['/static/main.js', '~/static/main.js'],
    ['app:///main.js', 'app:///main.js'],
  ])('tildeUrl(%s) = %s', (url, want) => expect(tildeUrl(url)).toBe(want));

  it.each([
    ['../src/main.js', 'src/main.js'],
    ['webpack://app/./src/a.ts', 'src/a.ts'],
    ['src/b.js', 'src/b.js'],
  ])('cleanSource(%s) = %s', (s, want) => expect(cleanSource(s)).toBe(want));

  it('normalizeDebugId refuses what is no UUID', () => expect(normalizeDebugId('nope')).toBeNull());

  it('enclosingFunction finds the nearest declaration above the line', () => {
    const src = ['function outer() {', '  const handler = async (e) => {', '    throw e;', '  };', '}', 'class A {', '  save(x) {', '    if (x) {', '      go();', '    }', '  }', '}'];
    expect(enclosingFunction(src, 3)).toBe('handler');
    expect(enclosingFunction(src, 9)).toBe('save');
    expect(enclosingFunction(src, 1)).toBe('outer');
    expect(enclosingFunction(['x();'], 1)).toBeNull();
  });
});

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
    [
      'a source index past the sources',
      { ...good, mappings: 'AEAA' },
      'Source map mappings name a source that does not exist',
    ],
    [
      'sourcesContent of numbers',
      { ...good, sourcesContent: [1] },
      'Source map sourcesContent must be an array of strings',
    ],
    ['names of numbers', { ...good, names: [1] }, 'Source map names must be an array of strings'],
    [
      'a name index past the names',
      { ...good, mappings: 'AAAAC' },
      'Source map mappings name a name that does not exist',
    ],
    ['a segment of two fields', { ...good, mappings: 'AA' }, 'Source map mappings do not decode'],
    ['a negative generated column', { ...good, mappings: 'D' }, 'Source map mappings do not decode'],
    ['an unfinished VLQ digit', { ...good, mappings: 'AAAg' }, 'Source map mappings do not decode'],
    // 16 MB of empty lines decodes to about a gigabyte: refused by its line count, without decoding.
    [
      'half a million and one lines',
      { ...good, mappings: ';'.repeat(500_000) },
      'Source map has more than 500,000 lines',
    ],
    [
      'two million and one segments',
      { ...good, mappings: Array(2_000_001).fill('A').join(',') },
      'Source map has more than 2,000,000 mapped segments',
    ],
  ];
  it.each(CASES)('%s', async (_n, map, reason) => {
    const r = await checkSourceMap(JSON.stringify(map));
    expect(r.ok ? null : r.reason).toBe(reason);
  });

  it('keeps the debug ID, normalised', async () => {
    const r = await checkSourceMap(JSON.stringify({ ...good, debug_id: 'CC4332AB461858A4ABE28BFDC47E4EDB' }));
    expect(r.ok && r.debugId).toBe('cc4332ab-4618-58a4-abe2-8bfdc47e4edb');
  });

  it('counts lines and segments and estimates the decoded size', async () => {
    const r = await checkSourceMap(JSON.stringify({ ...good, mappings: 'AAAA,CAAC;AACA;;' }));
    expect(r.ok && [r.lines, r.segments]).toEqual([4, 3]);
    expect(r.ok && r.decodedBytes).toBeGreaterThan(4 * 48 + 3 * 80);
  });

  it('refuses a map above the byte cap without parsing it', async () => {
    const r = await checkSourceMap(' '.repeat(16 * 1024 * 1024 + 1));
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
    const src = [
      'function outer() {',
      '  const handler = async (e) => {',
      '    throw e;',
      '  };',
      '}',
      'class A {',
      '  save(x) {',
      '    if (x) {',
      '      go();',
      '    }',
      '  }',
      '}',
    ];
    expect(enclosingFunction(src, 3)).toBe('handler');
    expect(enclosingFunction(src, 9)).toBe('save');
    expect(enclosingFunction(src, 1)).toBe('outer');
    expect(enclosingFunction(['x();'], 1)).toBeNull();
  });
});

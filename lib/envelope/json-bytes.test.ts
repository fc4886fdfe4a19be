import { describe, expect, it } from 'vitest';
import { CAPS, fitContext, fitContexts, jsonBytes } from './schemas';

const written = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe('jsonBytes', () => {
  it('counts what JSON.stringify writes, for the values it measures without writing them and the rest', () => {
    const values: unknown[] = [
      '',
      'abc',
      'Chrome 120.0',
      'say "hi"',
      'C:\\path',
      'tab\there',
      'line\nbreak',
      '\u0000',
      '\u007f',
      'café',
      '日本語',
      '😀',
      '\uD800',
      '</script>',
      true,
      false,
      null,
      0,
      -0,
      1.5,
      1e21,
      { a: 'b', n: [1, 2, { c: 'd"' }] },
      ['x', 'y'],
    ];
    for (const v of values) expect(jsonBytes(v), JSON.stringify(v)).toBe(written(v));
  });
});

describe('fitContexts', () => {
  // A context of `size` bytes of JSON exactly, with values of every kind fitContext counts (quotes and non-ASCII
  // text, numbers, booleans, null, nested values).
  function contextOf(size: number): Record<string, unknown> {
    const base: Record<string, unknown> = {
      name: 'Ünïcode "quoted" \\ name',
      version: 3.11,
      ok: true,
      none: null,
      nested: { deep: ['a', { b: 'c' }] },
      fill: { text: '' },
    };
    // Nested, so fitContext keeps it whole (a top-level string is cut to CAPS.contextValueChars).
    base.fill = { text: 'x'.repeat(size - written(base)) };
    return base;
  }

  it('keeps contexts up to exactly the total cap, counting each as its JSON (the fitted count reused)', () => {
    const names = Array.from({ length: 8 }, (_, i) => `ctx_${i}`);
    const perContext = 9_000;
    const contexts: Record<string, Record<string, unknown>> = {};
    let total = 2;
    for (const name of names.slice(0, -1)) {
      contexts[name] = fitContext(contextOf(perContext));
      total += written(name) + written(contexts[name]) + 2;
    }
    // The last context fills the cap to the byte: kept; one byte more and it is left out.
    const last = names.at(-1)!;
    const room = CAPS.contextsBytes - total - written(last) - 2;
    const exact = fitContext(contextOf(room));
    expect(written(exact)).toBe(room);
    expect(Object.keys(fitContexts({ ...contexts, [last]: exact }))).toEqual(names);
    const over = fitContext(contextOf(room + 1));
    expect(Object.keys(fitContexts({ ...contexts, [last]: over }))).toEqual(names.slice(0, -1));
    // A context fitContext did not make (the schema's browser and os) is measured by writing it.
    expect(Object.keys(fitContexts({ ...contexts, [last]: { ...exact } }))).toEqual(names);
    expect(Object.keys(fitContexts({ ...contexts, [last]: { ...over } }))).toEqual(names.slice(0, -1));
  });

  it('counts a context that kept no key as {}', () => {
    const empty = fitContext({});
    expect(fitContexts({ a: empty })).toEqual({ a: {} });
  });
});

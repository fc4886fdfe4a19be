import { describe, expect, it } from 'vitest';
import { boundedAttributes } from './bounded-attributes';

describe('boundedAttributes', () => {
  it('one pass over a hostile bag: 40,000 keys cost milliseconds, at most 200 keys and the byte budget kept', () => {
    const bag = Object.fromEntries(
      Array.from({ length: 40_000 }, (_, i) => [`key${i}`, { type: 'string', value: 'x'.repeat(10) }]),
    );
    const t0 = performance.now();
    const out = boundedAttributes(bag, 8 * 1024)!;
    expect(performance.now() - t0).toBeLessThan(500);
    expect(Object.keys(out).length).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(JSON.stringify(out))).toBeLessThanOrEqual(8 * 1024);
  });

  it('scalars unwrapped, nested values and non-finite numbers left out, strings made storable', () => {
    expect(
      boundedAttributes(
        {
          a: { type: 'integer', value: 7 },
          b: 'x\u0000y',
          c: { nested: true },
          d: [1],
          e: Infinity,
          f: null,
          g: false,
        },
        1024,
      ),
    ).toEqual({ a: 7, b: 'x\uFFFDy', f: null, g: false });
    expect(boundedAttributes('nope', 1024)).toBeNull();
    expect(boundedAttributes({}, 1024)).toBeNull();
  });

  it('a value nested 30,000 deep, bare or as { type, value }, is left out without being walked (#43)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 30_000; i++) deep = i % 2 ? [deep] : { a: deep };
    expect(boundedAttributes({ bare: deep, typed: { type: 'object', value: deep }, kept: 'x' }, 1024)).toEqual({
      kept: 'x',
    });
  });
});

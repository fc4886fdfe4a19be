import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, normalizeEventId, parseIssueRef, shortIdOf } from './ids';

describe('Sentry issue ids', () => {
  it.each([
    ['0', '0'],
    ['1', '1'],
    ['31', 'Z'],
    ['32', '10'],
    ['42', '1A'],
    ['1234567', '15NM7'],
    ['9223372036854775807', '7ZZZZZZZZZZZZ'],
  ])('%s is %s in Crockford base 32, and back', (n, text) => {
    expect(base32Encode(BigInt(n))).toBe(text);
    expect(base32Decode(text)).toBe(BigInt(n));
  });

  it('reads O as 0, I and L as 1, any case; refuses U, other characters and numbers past a bigint', () => {
    expect(base32Decode('1o')).toBe(32n);
    expect(base32Decode('il')).toBe(33n);
    expect(base32Decode('U')).toBeNull();
    expect(base32Decode('1-2')).toBeNull();
    expect(base32Decode('')).toBeNull();
    expect(base32Decode('8000000000000')).toBeNull();
  });

  it('a short id is the slug in capitals and the number', () => {
    expect(shortIdOf('web-shop', 42n)).toBe('WEB-SHOP-1A');
  });

  it.each([
    ['42', { kind: 'number', number: '42' }],
    [' 42 ', { kind: 'number', number: '42' }],
    ['WEB-SHOP-1A', { kind: 'short', slug: 'web-shop', number: '42' }],
    ['web-shop-1a', { kind: 'short', slug: 'web-shop', number: '42' }],
    ['SHOP-O1', { kind: 'short', slug: 'shop', number: '1' }],
    ['0', null],
    ['-1', null],
    ['9223372036854775808', null],
    ['SHOP-', null],
    ['-1A', null],
    ['SHOP-U', null],
    ['sh op-1', null],
    ['abc', null],
  ])('%j names %j', (text, ref) => {
    const parsed = parseIssueRef(text);
    expect(parsed && { ...parsed, number: String(parsed.number) }).toEqual(ref);
  });

  it('event ids are 32 hex digits, dashes allowed, lower-cased', () => {
    expect(normalizeEventId('5B6E1B6E-9B0D-4B36-8A6F-2F1A3C4D5E6F')).toBe('5b6e1b6e9b0d4b368a6f2f1a3c4d5e6f');
    expect(normalizeEventId('5b6e1b6e9b0d4b368a6f2f1a3c4d5e6')).toBeNull();
    expect(normalizeEventId('is:unresolved')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { field, nanosToMs } from './values';

/** What nanosToMs gave before its fast path: whole microseconds by BigInt division, then milliseconds. */
const byBigInt = (s: string) => Number(BigInt(s) / 1000n) / 1000;

describe('nanosToMs', () => {
  it.each([
    ['a recent time', '1764712345123456789'],
    ['whole milliseconds', '1764712345123000000'],
    ['leading zeros', '0001764712345123456'],
    ['under a microsecond', '999'],
    ['exactly a microsecond', '1000'],
    ['zero', '0'],
    ['past 2^53 microseconds', '98765432109876543210987'],
    ['2^64 - 1', '18446744073709551615'],
  ])('%s: as the BigInt division gave it', (_, s) => {
    expect(nanosToMs(s)).toBe(byBigInt(s));
  });

  it('reads numbers and protobufjs Longs (anything whose string is the digits)', () => {
    expect(nanosToMs(1_764_712_345_123_456_000)).toBe(byBigInt(String(1_764_712_345_123_456_000)));
    expect(nanosToMs({ toString: () => '1764712345123456789' })).toBe(byBigInt('1764712345123456789'));
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a negative', '-1000'],
    ['a fraction', '1.5'],
    ['hex', '0x10'],
    ['empty', ''],
    ['exponent notation', 1e21],
  ])('%s is NaN', (_, v) => {
    expect(nanosToMs(v)).toBeNaN();
  });
});

describe('field', () => {
  it('reads the camelCase name, else the snake_case one', () => {
    expect(field({ timeUnixNano: '1' }, 'timeUnixNano')).toBe('1');
    expect(field({ time_unix_nano: '2' }, 'timeUnixNano')).toBe('2');
    expect(field({ timeUnixNano: null, time_unix_nano: '3' }, 'timeUnixNano')).toBe('3');
    expect(field({ timeUnixNano: 0, time_unix_nano: '4' }, 'timeUnixNano')).toBe(0);
    expect(field({}, 'timeUnixNano')).toBeUndefined();
    // The snake name is remembered per camel name, not per object.
    expect(field({ as_int: '5' }, 'asInt')).toBe('5');
    expect(field({ asInt: '6' }, 'asInt')).toBe('6');
  });
});

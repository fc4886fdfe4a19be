import { describe, expect, it } from 'vitest';
import { formatLsn, parseLsn } from './replica';

describe('WAL positions', () => {
  it.each([
    ['0/0', 0n],
    ['0/16B3748', 0x16b3748n],
    ['1/0', 1n << 32n],
    ['16/B374D848', (0x16n << 32n) + 0xb374d848n],
    ['FFFFFFFF/FFFFFFFF', (1n << 64n) - 1n],
  ])('%s is %s bytes, and prints back the same', (text, bytes) => {
    expect(parseLsn(text)).toBe(bytes);
    expect(formatLsn(bytes)).toBe(text);
  });

  it.each(['', '16', '16/', '/1', 'G/1', '1/2/3', '123456789/0', '1/0; DROP'])('%j is no position', (text) => {
    expect(parseLsn(text)).toBeNull();
  });

  it('orders positions across the high word', () => {
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
  });
});

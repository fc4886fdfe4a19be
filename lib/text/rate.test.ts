import { describe, expect, it } from 'vitest';
import { formatRateAuto, rangeWords } from './rate';

const WEEK_MINUTES = 7 * 1440;

describe('formatRateAuto', () => {
  it.each<[number, string]>([
    [0, '0 / min'],
    [-1, '0 / min'],
    [Number.NaN, '0 / min'],
    [1, '1 / min'],
    [12.345, '12.3 / min'],
    [1234.5, '1,235 / min'],
    [2.5, '2.5 / min'],
    // 100 transactions in a week: 0.0099 a minute ("0.01 per min" before), 14.3 a day.
    [100 / WEEK_MINUTES, '14.3 / day'],
    [1 / 60, '1 / h'],
    [30 / 60, '30 / h'],
    [0.99, '59.4 / h'],
    // 3 in a week.
    [3 / WEEK_MINUTES, '0.43 / day'],
    [1 / 1440, '1 / day'],
    [1e-9, '<0.01 / day'],
  ])('%d a minute reads %s', (perMinute, text) => expect(formatRateAuto(perMinute)).toBe(text));

  it('names the range', () => {
    expect(rangeWords(1)).toBe('the last 24 hours');
    expect(rangeWords(7)).toBe('the last 7 days');
  });
});

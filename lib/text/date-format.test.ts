import { describe, expect, it } from 'vitest';
import { exactTime, formatRelative } from './date-format';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;

describe('formatRelative', () => {
  it.each<[string, string, string]>([
    ['the same instant', before(0), 'just now'],
    ['59 seconds ago', before(59_000), 'just now'],
    ['59 seconds ahead', before(-59_000), 'just now'],
    ['one minute ago', before(MIN), '1 min. ago'],
    ['five minutes ago', before(5 * MIN), '5 min. ago'],
    ['100 minutes ago (rounds to hours)', before(100 * MIN), '2 hr. ago'],
    ['one day ago', before(DAY), 'yesterday'],
    ['three days ago', before(3 * DAY), '3 days ago'],
    ['two weeks ago', before(14 * DAY), '2 wk. ago'],
    ['two months ago', before(60 * DAY), '2 mo. ago'],
    ['a year ago', before(365 * DAY), 'last yr.'],
    ['two hours ahead', before(-2 * 60 * MIN), 'in 2 hr.'],
  ])('%s', (_, iso, expected) => {
    expect(formatRelative(iso, NOW)).toBe(expected);
  });
});

describe('exactTime', () => {
  it.each<[string, string]>([
    ['2026-11-23T14:05:09.120Z', '2026-11-23T14:05:09.120Z'],
    ['2026-11-23T14:05:09Z', '2026-11-23T14:05:09.000Z'],
    ['2026-11-23T15:05:09.120+01:00', '2026-11-23T14:05:09.120Z'],
    ['not a time', 'not a time'],
  ])('%s → %s', (iso, expected) => {
    expect(exactTime(iso)).toBe(expected);
  });
});

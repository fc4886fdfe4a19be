import { describe, expect, it } from 'vitest';
import {
  exactTime,
  formatDate,
  formatDateTime,
  formatMonth,
  formatRelative,
  formatTick,
  formatTimeOfDay,
  type Precision,
} from './date-format';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;

describe('formatRelative', () => {
  it.each<[string, string | number, string]>([
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
    ['milliseconds since the epoch', NOW - 5 * MIN, '5 min. ago'],
    ['not a time', 'soon', 'soon'],
  ])('%s', (_, when, expected) => {
    expect(formatRelative(when, NOW)).toBe(expected);
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

describe('formatDateTime: one format, a 24-hour clock, UTC', () => {
  it.each<[string, string | number | Date, { precision?: Precision; zone?: boolean }, string]>([
    ['to the minute by default', '2026-12-02T14:05:09.120Z', {}, '2026-12-02 14:05 UTC'],
    ['the afternoon on a 24-hour clock', '2026-12-02T23:59:59.999Z', {}, '2026-12-02 23:59 UTC'],
    ['midnight as 00:00', '2026-12-03T00:00:00.000Z', {}, '2026-12-03 00:00 UTC'],
    ['to the second', '2026-12-02T14:05:09.120Z', { precision: 'second' }, '2026-12-02 14:05:09 UTC'],
    ['to the millisecond', '2026-12-02T14:05:09.120Z', { precision: 'ms' }, '2026-12-02 14:05:09.120 UTC'],
    ['without the zone (a column names it)', '2026-12-02T14:05:09.120Z', { zone: false }, '2026-12-02 14:05'],
    // Another zone's offset is converted: 15:05 in Berlin is 14:05 UTC, and 00:30 in Berlin is the day before.
    ['an offset converted to UTC', '2026-12-02T15:05:00+01:00', {}, '2026-12-02 14:05 UTC'],
    ['across midnight', '2026-12-03T00:30:00+01:00', {}, '2026-12-02 23:30 UTC'],
    ['milliseconds since the epoch', Date.UTC(2026, 11, 2, 14, 5), {}, '2026-12-02 14:05 UTC'],
    ['a Date', new Date(Date.UTC(2026, 0, 9, 8, 7, 6)), { precision: 'second' }, '2026-01-09 08:07:06 UTC'],
    ['not a time, shown as it came', 'yesterday-ish', {}, 'yesterday-ish'],
    ['an impossible number', Number.NaN, {}, 'NaN'],
  ])('%s', (_, when, opts, expected) => {
    expect(formatDateTime(when, opts)).toBe(expected);
  });

  it('is the same whatever the process time zone (no locale, no local clock)', () => {
    const tz = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'UTC']) {
        process.env.TZ = zone;
        expect(formatDateTime('2026-12-02T14:05:09.120Z')).toBe('2026-12-02 14:05 UTC');
      }
    } finally {
      process.env.TZ = tz;
    }
  });
});

describe('formatDate, formatTimeOfDay, formatTick, formatMonth', () => {
  it.each<[string, () => string, string]>([
    ['a day', () => formatDate('2026-12-02T23:30:00.000Z'), '2026-12-02'],
    ['a day from an offset', () => formatDate('2026-12-03T00:30:00+01:00'), '2026-12-02'],
    ['not a day', () => formatDate(''), ''],
    ['the time of day', () => formatTimeOfDay('2026-12-02T04:05:09.120Z'), '04:05'],
    ['the time of day to the ms', () => formatTimeOfDay('2026-12-02T04:05:09.120Z', 'ms'), '04:05:09.120'],
    ['a day tick', () => formatTick('2026-05-20', 'day'), '05-20'],
    ['an hour tick of a week', () => formatTick('2026-05-20T14:00:00Z', 'day-time'), '05-20 14:00'],
    ['a minute tick', () => formatTick('2026-05-20T14:05:00Z', 'time'), '14:05'],
    ['a month', () => formatMonth('2026-11'), 'November 2026'],
    ['January', () => formatMonth('2027-01'), 'January 2027'],
    ['a month from a time', () => formatMonth('2026-02-28T23:59:59Z'), 'February 2026'],
    ['not a month', () => formatMonth('2026-13'), '2026-13'],
  ])('%s', (_, format, expected) => {
    expect(format()).toBe(expected);
  });
});

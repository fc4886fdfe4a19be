import { describe, expect, it } from 'vitest';
import { formatLogTime } from './format-log-time';

const now = new Date('2026-11-26T18:00:00Z');

describe('formatLogTime', () => {
  it.each([
    ['2026-11-26T17:04:05.123Z', 'UTC', 'Nov 26, 17:04:05.123'],
    ['2026-11-26T07:04:05.009Z', 'UTC', 'Nov 26, 07:04:05.009'],
    ['2026-11-26T00:00:00.000Z', 'UTC', 'Nov 26, 00:00:00.000'],
    // The reader's zone: 17:04 UTC is 18:04 in Berlin, and 23:30 UTC is the next day there.
    ['2026-11-26T17:04:05.123Z', 'Europe/Berlin', 'Nov 26, 18:04:05.123'],
    ['2026-11-25T23:30:00.500Z', 'Europe/Berlin', 'Nov 26, 00:30:00.500'],
    // Another year says so.
    ['2025-12-31T23:59:59.999Z', 'UTC', 'Dec 31, 2025, 23:59:59.999'],
    // Not a time: shown as it came.
    ['not a time', 'UTC', 'not a time'],
  ])('%s in %s → %s', (iso, timeZone, text) => {
    expect(formatLogTime(iso, { now, timeZone })).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { lastCompleteWeek, weekStartOf } from './weekly-report';

const d = (s: string) => new Date(s);

describe('report weeks (Monday 00:00 UTC to the next Monday)', () => {
  it.each([
    ['2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['2026-11-25T13:45:00.000Z', '2026-11-23'],
    ['2026-11-29T23:59:59.999Z', '2026-11-23'],
    ['2026-11-30T00:00:00.000Z', '2026-11-30'],
    ['2027-01-01T12:00:00.000Z', '2026-12-28'],
    ['1970-01-01T00:00:00.000Z', '1969-12-29'],
  ])('%s is in the week of %s', (at, monday) => {
    expect(weekStartOf(d(at)).toISOString()).toBe(`${monday}T00:00:00.000Z`);
  });

  it("Monday's 09:00 run reports the week that just ended", () => {
    expect(lastCompleteWeek(d('2026-11-30T09:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(lastCompleteWeek(d('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { intervalPhrase } from './schedule-phrase';

describe('intervalPhrase', () => {
  it.each([
    ['10 minute', 'every 10 minutes'],
    ['1 minute', 'every minute'],
    ['2 hour', 'every 2 hours'],
    ['1 hour', 'every hour'],
    ['1 day', 'every day'],
    ['3 week', 'every 3 weeks'],
    ['12 month', 'every 12 months'],
    ['1 year', 'every year'],
    ['527040 minute', 'every 527,040 minutes'],
    ['5 minutes', 'every 5 minutes'],
    // Not "<n> <unit>" (stored before schedules were checked): as it is.
    ['fortnightly', 'every fortnightly'],
  ])('%s → %s', (schedule, phrase) => {
    expect(intervalPhrase(schedule)).toBe(phrase);
  });
});

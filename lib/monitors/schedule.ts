// When a monitor's next run is due: a crontab expression in the monitor's time zone (cron-parser, MIT, which walks
// DST changes the way cron does), or an interval from the run before.
import { CronExpressionParser } from 'cron-parser';

export type Schedule = { scheduleType: string; schedule: string; timezone: string };

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };

/** Checks a schedule: null when usable, else why not. */
export function scheduleProblem(s: Schedule): string | null {
  if (s.scheduleType === 'interval') {
    const m = /^(\d{1,6}) (minute|hour|day|week|month|year)$/.exec(s.schedule);
    return m && Number(m[1]) > 0 ? null : 'An interval schedule is a positive number and a unit (minute, hour, day, week, month, year)';
  }
  if (s.scheduleType !== 'crontab') return 'The schedule type must be crontab or interval';
  try {
    CronExpressionParser.parse(s.schedule, { tz: s.timezone });
    return null;
  } catch (err) {
    return `Not a crontab schedule in ${s.timezone}: ${(err as Error).message}`;
  }
}

/** The first expected run strictly after `after`. */
export function nextRun(s: Schedule, after: Date): Date {
  if (s.scheduleType === 'unscheduled') throw new Error('An unscheduled monitor has no next run');
  if (s.scheduleType === 'interval') {
    const [n, unit] = s.schedule.split(' ');
    const count = Number(n);
    if (unit === 'month' || unit === 'year') {
      const d = new Date(after);
      if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + count);
      else d.setUTCFullYear(d.getUTCFullYear() + count);
      return d;
    }
    return new Date(after.getTime() + count * UNIT_MS[unit]);
  }
  return CronExpressionParser.parse(s.schedule, { currentDate: after, tz: s.timezone }).next().toDate();
}

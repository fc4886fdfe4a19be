// When a monitor's next run is due: a crontab expression in the monitor's time zone (cron-parser, MIT, which walks
// DST changes the way cron does), or an interval from the run before. Schedules come from the public key's holder
// (monitor_config) as well as the dashboard, so each is checked to a sane range before it is stored, and a stored
// one that is not (from before these checks) yields no next run rather than an error.
import { CronExpressionParser } from 'cron-parser';
import { clock } from '@/lib/clock';

export type Schedule = { scheduleType: string; schedule: string; timezone: string };
export type ScheduleIssue = { field: 'scheduleType' | 'schedule' | 'timezone'; message: string };

/** The last instant any computed date may be: timestamps past year 9999 are not ISO 8601 and break readers. */
export const LATEST_DATE = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

export const INTERVAL_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
type Unit = (typeof INTERVAL_UNITS)[number];
/** An interval is at most a year (a leap year's 366 days for the fixed units). */
export const MAX_INTERVAL: Record<Unit, number> = {
  minute: 527_040,
  hour: 8_784,
  day: 366,
  week: 52,
  month: 12,
  year: 1,
};
const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };
const CRON_ALIASES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@hourly']);

export const MESSAGES = {
  timezone: 'Not an IANA time zone (e.g. Europe/Berlin or UTC)',
  interval: 'An interval schedule is a positive number and a unit (minute, hour, day, week, month, year)',
  intervalRange: 'An interval is at most a year (527,040 minute, 8,784 hour, 366 day, 52 week, 12 month or 1 year)',
  crontabFields:
    'A crontab schedule has five fields (minute hour day-of-month month day-of-week) or is @yearly, @annually, @monthly, @weekly, @daily or @hourly',
  noRun: 'This schedule has no run before the year 10000',
  scheduleType: 'The schedule type must be crontab or interval',
} as const;

let canonicalZones: Set<string> | undefined;

/**
 * An IANA zone name Intl knows: one of Intl.supportedValuesOf('timeZone'), or an alias of one (Asia/Kolkata,
 * US/Eastern), or UTC and the Etc/ zones, which that list leaves out. Offsets (+05:00) and Intl's private
 * zones (SystemV/…) are not IANA names.
 */
export function isTimezone(tz: string): boolean {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return canonicalZones.has(resolved) || resolved === 'UTC' || resolved.startsWith('Etc/');
}

/** A date a reader can show: null for a stored one that is invalid or past year 9999. */
export function saneDate(d: Date | null | undefined): Date | null {
  return d && Number.isFinite(d.getTime()) && d.getTime() <= LATEST_DATE.getTime() ? d : null;
}

/** Checks a schedule: null when usable (it has a next run after `now`), else the field at fault and why. */
export function scheduleProblem(s: Schedule, now = clock.now()): ScheduleIssue | null {
  if (!isTimezone(s.timezone)) return { field: 'timezone', message: MESSAGES.timezone };
  if (s.scheduleType === 'interval') {
    const m = /^(\d{1,7}) (minute|hour|day|week|month|year)$/.exec(s.schedule);
    if (!m || Number(m[1]) === 0) return { field: 'schedule', message: MESSAGES.interval };
    if (Number(m[1]) > MAX_INTERVAL[m[2] as Unit]) return { field: 'schedule', message: MESSAGES.intervalRange };
  } else if (s.scheduleType === 'crontab') {
    const expr = s.schedule.trim();
    if (!CRON_ALIASES.has(expr.toLowerCase()) && expr.split(/\s+/).length !== 5)
      return { field: 'schedule', message: MESSAGES.crontabFields };
    try {
      CronExpressionParser.parse(expr, { tz: s.timezone });
    } catch (err) {
      return { field: 'schedule', message: `Not a crontab schedule: ${(err as Error).message}` };
    }
  } else {
    return { field: 'scheduleType', message: MESSAGES.scheduleType };
  }
  return nextRun(s, now) ? null : { field: 'schedule', message: MESSAGES.noRun };
}

/** The first expected run strictly after `after`; null when there is none by year 9999 (or no usable schedule). */
export function nextRun(s: Schedule, after: Date): Date | null {
  if (!saneDate(after)) return null;
  let next: Date;
  try {
    next =
      s.scheduleType === 'interval'
        ? afterInterval(s.schedule, after)
        : CronExpressionParser.parse(s.schedule, { currentDate: after, tz: s.timezone }).next().toDate();
  } catch {
    return null;
  }
  return next.getTime() > after.getTime() ? saneDate(next) : null;
}

function afterInterval(schedule: string, after: Date): Date {
  const [n, unit] = schedule.split(' ');
  const count = Number(n);
  if (!(unit in MAX_INTERVAL) || !(count > 0 && count <= MAX_INTERVAL[unit as Unit]))
    throw new Error(`Not an interval: ${schedule}`);
  if (unit === 'month' || unit === 'year') {
    const d = new Date(after);
    if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + count);
    else d.setUTCFullYear(d.getUTCFullYear() + count);
    return d;
  }
  return new Date(after.getTime() + count * UNIT_MS[unit]);
}

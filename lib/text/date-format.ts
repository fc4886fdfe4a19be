/**
 * The dashboard's one way to write a time (#60). Relative for reading at a glance ("5 min. ago", "yesterday", the
 * wording of `Intl` in English, short style); absolute in one format and one clock: ISO 8601's order with a space,
 * 24-hour, in UTC (`2026-12-02 14:05 UTC`). UTC because the server renders the first paint and does not know the
 * reader's zone (a local time would change on hydration), because teammates in different zones then quote the same
 * "14:05" to each other, and because the API, the SDKs' timestamps, the charts' days and the quota's month are UTC.
 * The zone is written once where a time stands alone; a list of times (logs, breadcrumbs) says "UTC" in its header.
 */

/** A time as the API answers it (ISO 8601), milliseconds since the epoch, or a Date. */
export type When = string | number | Date;

/** How much of the time of day to show. */
export type Precision = 'minute' | 'second' | 'ms';

/** The zone every absolute time is written in. */
export const TIME_ZONE = 'UTC';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** The instant as ISO 8601 in UTC, or null when it is not a time. */
function iso(when: When): string | null {
  const ms = when instanceof Date ? when.getTime() : typeof when === 'number' ? when : new Date(when).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const TIME_END: Record<Precision, number> = { minute: 16, second: 19, ms: 23 };

/** "5 min. ago", "yesterday", "in 2 hr."…; under a minute either way is "just now". Times in milliseconds. */
export function formatRelative(when: When, nowMs = Date.now()): string {
  const at = iso(when);
  if (!at) return String(when);
  const diff = Date.parse(at) - nowMs;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

/** The exact time as ISO 8601 in UTC with milliseconds (a `datetime` attribute); a value that is not a time stays. */
export function exactTime(when: When): string {
  return iso(when) ?? String(when);
}

/**
 * `2026-12-02 14:05 UTC`: the date and the time of day to `precision` (`14:05:09`, `14:05:09.120`), with the zone
 * unless `zone` is false (a column whose header names it). A value that is not a time is shown as it came.
 */
export function formatDateTime(when: When, opts: { precision?: Precision; zone?: boolean } = {}): string {
  const at = iso(when);
  if (!at) return String(when);
  const text = `${at.slice(0, 10)} ${at.slice(11, TIME_END[opts.precision ?? 'minute'])}`;
  return opts.zone === false ? text : `${text} ${TIME_ZONE}`;
}

/** `2026-12-02`: the UTC day. */
export function formatDate(when: When): string {
  return iso(when)?.slice(0, 10) ?? String(when);
}

/** `14:05` (or `14:05:09`, `14:05:09.120`): the time of day in UTC, for a list whose header names the zone. */
export function formatTimeOfDay(when: When, precision: Precision = 'minute'): string {
  return iso(when)?.slice(11, TIME_END[precision]) ?? String(when);
}

/**
 * A chart's tick, as precise as its bucket: `12-02` (a day, the year left out), `12-02 14:00` (an hour of a range
 * of days), `14:05` (a time within one day).
 */
export function formatTick(when: When, unit: 'day' | 'day-time' | 'time'): string {
  const at = iso(when);
  if (!at) return String(when);
  const day = at.slice(5, 10);
  const time = at.slice(11, 16);
  return unit === 'day' ? day : unit === 'time' ? time : `${day} ${time}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026" of a UTC month (`2026-11`, or any time within it): a period, named in words. */
export function formatMonth(month: When): string {
  const at = typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? `${month}-01T00:00:00.000Z` : iso(month);
  const m = at ? Number(at.slice(5, 7)) : NaN;
  return at && m >= 1 && m <= 12 ? `${MONTHS[m - 1]} ${at.slice(0, 4)}` : String(month);
}

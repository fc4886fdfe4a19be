/**
 * The dashboard's one way to write a time. Relative for reading at a glance ("5 min. ago", "yesterday", the wording
 * of `Intl` in English, short style); exact as ISO 8601 in UTC (`2026-11-23T14:05:09.120Z`): 24-hour, the same in
 * every locale and time zone, and what the API answers, so a value can be compared and pasted as it is.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** "5 min. ago", "yesterday", "in 2 hr."…; under a minute either way is "just now". Times in milliseconds. */
export function formatRelative(iso: string, nowMs = Date.now()): string {
  const diff = new Date(iso).getTime() - nowMs;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

/** The exact time as ISO 8601 in UTC with milliseconds; a value that is not a time stays as it came. */
export function exactTime(iso: string): string {
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString();
}

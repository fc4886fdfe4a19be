// A log line's time on the Logs page: its date and its time to the millisecond, since lines of a day or more are
// listed together and several fall within one second.

const sameYear = (a: Date, b: Date, timeZone?: string) => {
  const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });
  return year.format(a) === year.format(b);
};

/** "Nov 26, 17:04:05.123" (the year too when it is not this year's), in `timeZone` (default: the reader's). */
export function formatLogTime(iso: string, opts: { now?: Date; timeZone?: string } = {}): string {
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear(d, opts.now ?? new Date(), opts.timeZone) ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
    timeZone: opts.timeZone,
  }).format(d);
}

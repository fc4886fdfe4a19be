// How a monitor's schedule reads on the Monitors page: an interval stored as "<n> <unit>" ("10 minute", Sentry's
// monitor_config form) is said as a person says it.

/** "every 10 minutes", "every minute", "every 2 hours"; a stored value that is not "<n> <unit>" is shown as it is. */
export function intervalPhrase(schedule: string): string {
  const m = /^(\d+) (minute|hour|day|week|month|year)s?$/.exec(schedule.trim());
  if (!m) return `every ${schedule}`;
  const n = Number(m[1]);
  return n === 1 ? `every ${m[2]}` : `every ${n.toLocaleString('en-US')} ${m[2]}s`;
}

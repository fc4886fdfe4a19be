// How often a metric rule is read (#62), as Sentry's subscriptions are (sentry/incidents/logic.py,
// DEFAULT_ALERT_RULE_WINDOW_TO_RESOLUTION): a window under 30 minutes every minute, 30 minutes every 2, an hour to
// two every 3, 4 to 12 hours every 5, a day every 15; a rule compared with a day or a week before reads twice as
// much, so half as often. A day's window moves by a 1,440th a minute: reading it every minute cost PostgreSQL 30 s
// a minute for 1,000 rules over a day of 10 M spans, log lines and metric points (bench:alerts), 81 % of it on
// the day-long windows. Each rule is due on its own minutes (a hash of its id), so rules of one window spread over
// the minutes instead of all falling on the same one.

/** [at least this window, read every this many minutes], longest first. */
const STEPS: readonly (readonly [number, number])[] = [
  [1440, 15],
  [240, 5],
  [60, 3],
  [30, 2],
];
const COMPARISON_MULTIPLIER = 2;

export function resolutionMinutes(windowMinutes: number, comparison: string | null): number {
  const step = STEPS.find(([w]) => windowMinutes >= w)?.[1] ?? 1;
  return comparison ? step * COMPARISON_MULTIPLIER : step;
}

/** The same as SQL over `alert_rules` (alias `r`), so the claim picks only the rules due at the minute. */
export const resolutionSql = `(CASE ${STEPS.map(([w, m]) => `WHEN r.window_minutes >= ${w} THEN ${m}`).join(' ')} ELSE 1 END
  * CASE WHEN r.metric_comparison IS NULL THEN 1 ELSE ${COMPARISON_MULTIPLIER} END)`;

/** SQL: is rule `r` due at the minute `$param` (a timestamptz)? Its own offset within its resolution. */
export const dueSql = (param: string) =>
  `(floor(extract(epoch FROM ${param}) / 60)::bigint + abs(hashtext(r.id)::bigint)) % ${resolutionSql} = 0`;

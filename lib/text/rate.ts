/**
 * A rate in the unit that reads (#60): a trickle averaged over a week is "0.6 / h" or "3 / day", not "0.01" per
 * minute. Per minute from one a minute, per hour from one an hour, else per day; at most two decimals (one from ten,
 * none from a hundred), and "<0.01 / day" rather than a misleading 0 for a rate above zero.
 */
export function formatRateAuto(perMinute: number): string {
  if (!Number.isFinite(perMinute) || perMinute <= 0) return '0 / min';
  if (perMinute >= 1) return `${num(perMinute)} / min`;
  if (perMinute * 60 >= 1) return `${num(perMinute * 60)} / h`;
  const perDay = perMinute * 1440;
  return perDay < 0.005 ? '<0.01 / day' : `${num(perDay)} / day`;
}

function num(v: number): string {
  const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  return v.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** "the last 24 hours", "the last 7 days": the range an average is taken over. */
export function rangeWords(days: number): string {
  return days === 1 ? 'the last 24 hours' : `the last ${days} days`;
}

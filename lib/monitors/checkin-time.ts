// When a check-in happened, which orders a monitor's runs: check-ins of two runs (or a run's start and end) may
// arrive in either order, so arrival alone cannot say which run is the newest.

/** Relay's bound for clock drift: a sender's time further before its arrival is a wrong clock, not a late request. */
export const MAX_CLOCK_DRIFT_MS = 55 * 60_000;

/**
 * When a check-in happened: the time its sender gave it, unless there is none, it is after the arrival (a clock
 * ahead) or it is more than MAX_CLOCK_DRIFT_MS before it; then the arrival counts.
 */
export function checkInTime(sentAt: Date | null, arrived: Date): Date {
  if (!sentAt) return arrived;
  const lag = arrived.getTime() - sentAt.getTime();
  return lag >= 0 && lag <= MAX_CLOCK_DRIFT_MS ? sentAt : arrived;
}

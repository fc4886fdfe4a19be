/** The delays before each retry of an outbound delivery, ms (ALERT_RETRY_DELAYS_MS, INTEGRATION_RETRY_DELAYS_MS). */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];

/** "50,100,150" → [50, 100, 150]; unset or malformed: the defaults. */
export function parseRetryDelays(raw: string | undefined): number[] {
  if (!raw) return DEFAULT_RETRY_DELAYS_MS;
  const delays = raw.split(',').map((s) => Number(s.trim()));
  return delays.every((d) => Number.isFinite(d) && d >= 0) ? delays : DEFAULT_RETRY_DELAYS_MS;
}

import { z } from 'zod';
import { isTimezone, MESSAGES } from './schedule';

// A monitor's settings as the dashboard and Sentry's monitor_config give them, each bounded (Sentry's own bounds
// for margins, runtimes and thresholds), so nothing stored makes a date past year 9999 or an integer overflow.
export const MAX_MARGIN_MINUTES = 40_320;
export const MAX_RUNTIME_MINUTES = 40_320;
export const MAX_THRESHOLD = 720;
/** A reported run's duration in seconds: 24 days, which stays within the 32-bit milliseconds it is stored as. */
export const MAX_DURATION_SECONDS = 24 * 86_400;

const int = (min: number, max: number, message: string) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

export const monitorTimezone = z
  .string()
  .trim()
  .min(1, MESSAGES.timezone)
  .max(64, MESSAGES.timezone)
  .refine(isTimezone, MESSAGES.timezone);
export const checkinMargin = int(0, MAX_MARGIN_MINUTES, 'A check-in margin is 0 to 40,320 minutes (28 days)');
export const maxRuntime = int(1, MAX_RUNTIME_MINUTES, 'A max runtime is 1 to 40,320 minutes (28 days)');
export const failureThreshold = int(1, MAX_THRESHOLD, 'A failure threshold is 1 to 720 runs');
export const recoveryThreshold = int(1, MAX_THRESHOLD, 'A recovery threshold is 1 to 720 runs');
export const checkinDuration = z
  .number({ message: 'A duration is 0 to 2,073,600 seconds (24 days)' })
  .min(0, 'A duration is 0 to 2,073,600 seconds (24 days)')
  .max(MAX_DURATION_SECONDS, 'A duration is 0 to 2,073,600 seconds (24 days)');

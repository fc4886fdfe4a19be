import { z } from 'zod';

/** What an item is counted as. */
export const CATEGORIES = [
  'error',
  'transaction',
  'span',
  'session',
  'attachment',
  'monitor',
  'feedback',
  'log_item',
  'trace_metric',
  'profile',
  'replay',
  'security',
  'metric',
  'unknown',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const MAX_STATS_DAYS = 90;

/** New parameters: a value out of place is a 400, not a silent default. */
export const statsQuerySchema = z.object({
  days: z.coerce
    .number({ message: `Days: a whole number from 1 to ${MAX_STATS_DAYS}` })
    .int(`Days: a whole number from 1 to ${MAX_STATS_DAYS}`)
    .min(1, `Days: a whole number from 1 to ${MAX_STATS_DAYS}`)
    .max(MAX_STATS_DAYS, `Days: a whole number from 1 to ${MAX_STATS_DAYS}`)
    .default(30),
  category: z.enum(CATEGORIES, { message: `Category: one of ${CATEGORIES.join(', ')}` }).optional(),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

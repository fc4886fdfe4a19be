// The project metrics API's query strings (#61): a metric's raw points and its rollups per interval.
import { z } from 'zod';
import { clampedInt } from './query';

const name = z.string({ message: 'name: the metric name' }).min(1, 'name: the metric name').max(200);
const attribute = z
  .string()
  .max(400)
  .regex(/^[^:]{1,200}:.*$/, 'An attribute filter is key:value')
  .optional();

export const listMetricsQuery = z.object({
  days: clampedInt(30, 1, 90),
  search: z.string().trim().max(200).optional(),
});

export const metricPointsQuery = z.object({
  name: name.optional(),
  hours: clampedInt(24, 1, 24 * 90),
  attribute,
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'A trace id is 32 hex characters')
    .optional(),
  cursor: z.string().max(100).optional(),
  limit: clampedInt(100, 1, 1000),
});

/** Interval lengths a chart may ask for, in seconds. */
export const METRIC_INTERVALS = [60, 300, 900, 3600, 21_600, 86_400] as const;

export const metricRollupsQuery = z.object({
  name,
  hours: clampedInt(24, 1, 24 * 90),
  interval: z.coerce
    .number()
    .refine((v) => (METRIC_INTERVALS as readonly number[]).includes(v), {
      message: `interval: one of ${METRIC_INTERVALS.join(', ')} seconds`,
    })
    .optional(),
  groupBy: z
    .string()
    .max(600)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.string().max(200)).max(3, 'groupBy: at most 3 attributes')),
  attribute,
});

// Metric alert rules (#62): an Explore query (dataset, filter, one aggregate, optional group-by) read over a window
// every minute, with warning and critical thresholds above or below, a resolve threshold, optionally as the change
// against the same window a day or a week before, and a mute. Pure: the dataset's own checks (is the field known,
// does the aggregate suit it) are lib/explore's, run by the service.
import { z } from 'zod';
import { alertRuleFields } from './alerts';
import { exploreQuerySchema } from './explore';

export const METRIC_DIRECTIONS = ['above', 'below'] as const;
export type MetricDirection = (typeof METRIC_DIRECTIONS)[number];
export const METRIC_COMPARISONS = ['1d', '1w'] as const;
export type MetricComparison = (typeof METRIC_COMPARISONS)[number];
export type MetricState = 'ok' | 'warning' | 'critical';
/** A minute to a day: the window the aggregate is read over, ending at the minute evaluated. */
export const METRIC_WINDOW_MINUTES = { min: 1, max: 1440 } as const;

const WINDOW_MESSAGE = 'Window must be 1 to 1440 minutes (a minute to a day)';

/** The part of an Explore query a rule keeps: the range is the rule's window, the project the rule's own. */
export const metricQuerySchema = z
  .object(
    {
      dataset: z.string({ message: 'Dataset must be a string' }).max(40),
      query: z.string({ message: 'The filter must be a string' }).default(''),
      aggregates: z
        .array(z.string({ message: 'An aggregate must be a string' }).max(250))
        .length(1, 'A metric alert reads one aggregate, e.g. ["p95(span.duration)"]'),
      groupBy: z.array(z.string()).default([]),
    },
    { message: 'Give the query: dataset, filter, aggregate and group-by' },
  )
  .superRefine((q, ctx) => {
    // The Explore query's own syntax checks (filter, aggregate, group-by), with the paths they name.
    const checked = exploreQuerySchema.safeParse({ ...q, statsPeriod: '1h' });
    if (!checked.success)
      for (const i of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: i.path as (string | number)[], message: i.message });
  })
  .transform((q) => ({ ...q, aggregates: exploreQuerySchema.parse({ ...q, statsPeriod: '1h' }).aggregates }));
export type MetricQuery = z.output<typeof metricQuerySchema>;

const threshold = (what: string) =>
  z
    .number({ message: `The ${what} threshold must be a number` })
    .refine(Number.isFinite, `The ${what} threshold must be a number`);

const fields = {
  name: alertRuleFields.name,
  query: metricQuerySchema,
  direction: z.enum(METRIC_DIRECTIONS, { message: 'Direction must be above or below' }),
  warningThreshold: threshold('warning').nullable(),
  criticalThreshold: threshold('critical'),
  resolveThreshold: threshold('resolve').nullable(),
  windowMinutes: z
    .number({ message: WINDOW_MESSAGE })
    .int(WINDOW_MESSAGE)
    .min(METRIC_WINDOW_MINUTES.min, WINDOW_MESSAGE)
    .max(METRIC_WINDOW_MINUTES.max, WINDOW_MESSAGE),
  comparison: z.enum(METRIC_COMPARISONS, { message: 'Comparison must be 1d, 1w or null' }).nullable(),
  notifyEmail: alertRuleFields.notifyEmail,
  webhookUrl: alertRuleFields.webhookUrl,
  webhookFormat: alertRuleFields.webhookFormat,
  /** A chat or paging integration of the organization (#64) the incidents also go to: the issue rules' field. */
  ticketIntegrationId: alertRuleFields.ticketIntegrationId,
  enabled: alertRuleFields.enabled,
  mutedUntil: z.iso.datetime({ offset: true, message: 'Muted until must be an ISO 8601 time' }).nullable(),
};

type Shape = {
  direction: MetricDirection;
  warningThreshold: number | null;
  criticalThreshold: number;
  resolveThreshold: number | null;
  notifyEmail: string | null;
  webhookUrl: string | null;
  ticketIntegrationId?: string | null;
};

/** Thresholds in the order their direction needs, and somewhere to deliver. */
export function metricRuleIssues(r: Shape): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (r.notifyEmail == null && r.webhookUrl == null && r.ticketIntegrationId == null)
    issues.push({ path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' });
  // Compared as "above": a "below" rule's thresholds negated must be in the same order.
  const sign = r.direction === 'above' ? 1 : -1;
  const [side, back] = r.direction === 'above' ? ['below', 'at or below'] : ['above', 'at or above'];
  if (r.warningThreshold !== null && sign * r.warningThreshold >= sign * r.criticalThreshold)
    issues.push({
      path: ['warningThreshold'],
      message: `An alert ${r.direction} a threshold warns first: the warning threshold must be ${side} the critical one`,
    });
  const opening = r.warningThreshold ?? r.criticalThreshold;
  if (r.resolveThreshold !== null && sign * r.resolveThreshold > sign * opening)
    issues.push({
      path: ['resolveThreshold'],
      message: `The resolve threshold must be ${back} the ${r.warningThreshold !== null ? 'warning' : 'critical'} threshold`,
    });
  return issues;
}

export const createMetricAlertSchema = z
  .object({
    name: fields.name,
    query: fields.query,
    direction: fields.direction.default('above'),
    warningThreshold: fields.warningThreshold.default(null),
    criticalThreshold: fields.criticalThreshold,
    resolveThreshold: fields.resolveThreshold.default(null),
    windowMinutes: fields.windowMinutes,
    comparison: fields.comparison.default(null),
    notifyEmail: fields.notifyEmail.default(null),
    webhookUrl: fields.webhookUrl.default(null),
    webhookFormat: fields.webhookFormat.default('json'),
    ticketIntegrationId: fields.ticketIntegrationId.default(null),
    enabled: fields.enabled.default(true),
    mutedUntil: fields.mutedUntil.default(null),
  })
  .superRefine((v, ctx) => {
    for (const i of metricRuleIssues(v)) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
  });
export type CreateMetricAlertInput = z.output<typeof createMetricAlertSchema>;
export type CreateMetricAlertBody = z.input<typeof createMetricAlertSchema>;

/** Any subset of the fields; the merged rule is checked as a new one by the service. */
export const updateMetricAlertSchema = z.object({
  name: fields.name.optional(),
  query: fields.query.optional(),
  direction: fields.direction.optional(),
  warningThreshold: fields.warningThreshold.optional(),
  criticalThreshold: fields.criticalThreshold.optional(),
  resolveThreshold: fields.resolveThreshold.optional(),
  windowMinutes: fields.windowMinutes.optional(),
  comparison: fields.comparison.optional(),
  notifyEmail: fields.notifyEmail.optional(),
  webhookUrl: fields.webhookUrl.optional(),
  webhookFormat: fields.webhookFormat.optional(),
  ticketIntegrationId: fields.ticketIntegrationId.optional(),
  enabled: fields.enabled.optional(),
  mutedUntil: fields.mutedUntil.optional(),
});
export type UpdateMetricAlertInput = z.output<typeof updateMetricAlertSchema>;
export type UpdateMetricAlertBody = z.input<typeof updateMetricAlertSchema>;

import { z } from 'zod';

export const ALERT_TYPES = ['NEW_ISSUE', 'ERROR_RATE', 'REGRESSION', 'CRASH_FREE', 'MONITOR'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The webhook body: our JSON (the spec's shape), or a Slack or Discord incoming-webhook message. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * Whom a rule also emails (#49): the issue's owners (lib/ownership), a team or a member of the organization; or (#60)
 * the project's members: the people in the teams that have the project, everyone in the organization when none has.
 */
export const ALERT_TARGET_TYPES = ['ISSUE_OWNERS', 'PROJECT_MEMBERS', 'TEAM', 'MEMBER'] as const;
export type AlertTargetType = (typeof ALERT_TARGET_TYPES)[number];
/**
 * The rules a new project starts with (#60, lib/alerts/default-rules.ts), which the Alerts page also offers to a
 * project without rules: every new issue, then every regression, emailed to the project's members.
 */
export const DEFAULT_RULES = [
  { name: 'Every new issue', type: 'NEW_ISSUE', targetType: 'PROJECT_MEMBERS' },
  { name: 'Every regression', type: 'REGRESSION', targetType: 'PROJECT_MEMBERS' },
] as const satisfies readonly { name: string; type: AlertType; targetType: AlertTargetType }[];
/** The rule types that can name a team or a member; issue owners only where the rule is about one issue. */
const TARGET_RULE_TYPES: readonly AlertType[] = ['NEW_ISSUE', 'REGRESSION', 'ERROR_RATE'];
const OWNER_RULE_TYPES: readonly AlertType[] = ['NEW_ISSUE', 'REGRESSION'];

const INT4_MAX = 2_147_483_647;
/** 30 days: longer windows would make the rate count scan more than events are worth keeping. */
export const MAX_WINDOW_MINUTES = 43_200;

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const type = z.enum(ALERT_TYPES, { message: 'Type must be NEW_ISSUE, ERROR_RATE, REGRESSION, CRASH_FREE or MONITOR' });
const webhookFormat = z.enum(WEBHOOK_FORMATS, { message: 'Webhook format must be json, slack or discord' });
const threshold = z
  .number({ message: 'Threshold must be a positive integer' })
  .int('Threshold must be a positive integer')
  .positive('Threshold must be a positive integer')
  .max(INT4_MAX, 'Threshold is too large')
  .nullable();
const windowMinutes = z
  .number({ message: 'Window must be a positive integer of minutes' })
  .int('Window must be a positive integer of minutes')
  .positive('Window must be a positive integer of minutes')
  .max(MAX_WINDOW_MINUTES, `Window must be at most ${MAX_WINDOW_MINUTES} minutes`)
  .nullable();
const notifyEmail = z
  .email({ message: 'Must be a valid email address' })
  .max(254, 'Must be a valid email address')
  .nullable();
/** An http(s) URL with a host, at most 2,048 characters (webhooks, uptime checks). */
export const httpUrl = z
  .string({ message: 'Must be a valid http(s) URL' })
  .trim()
  .max(2048, 'URL must be at most 2048 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be a valid http(s) URL');
const webhookUrl = httpUrl.nullable();
const enabled = z.boolean({ message: 'Enabled must be a boolean' });
// CRASH_FREE rules (#31): a release's crash-free rate (of sessions or users) below this percentage fires.
export const CRASH_FREE_METRICS = ['sessions', 'users'] as const;
const crashFreeBelow = z
  .number({ message: 'Must be a percentage between 0 and 100' })
  .gt(0, 'Must be a percentage between 0 and 100')
  .lt(100, 'Must be a percentage between 0 and 100')
  .nullable();
const crashFreeMetric = z.enum(CRASH_FREE_METRICS, { message: 'Must be sessions or users' }).nullable();
const minSessions = z
  .number({ message: 'Must be a positive integer' })
  .int('Must be a positive integer')
  .positive('Must be a positive integer')
  .max(INT4_MAX)
  .nullable();

const targetType = z
  .enum(ALERT_TARGET_TYPES, { message: 'Target type must be ISSUE_OWNERS, PROJECT_MEMBERS, TEAM or MEMBER' })
  .nullable();
const targetTeamId = z.string({ message: 'Team id must be a string' }).min(1, 'Team id must not be empty').nullable();
/** An issue tracker of the organization to create a ticket in (#64), for NEW_ISSUE and REGRESSION rules. */
const ticketIntegrationId = z
  .string({ message: 'Integration id must be a string' })
  .min(1, 'Integration id must not be empty')
  .max(100)
  .nullable();
const TICKET_RULE_TYPES: readonly AlertType[] = ['NEW_ISSUE', 'REGRESSION'];
const targetUserId = z
  .string({ message: 'Member id must be a string' })
  .min(1, 'Member id must not be empty')
  .nullable();

/** Each field's schema, for a rule kind with its own body (metric alerts, lib/zod/metric-alerts.ts). */
export const alertRuleFields = {
  name,
  type,
  threshold,
  windowMinutes,
  notifyEmail,
  webhookUrl,
  webhookFormat,
  enabled,
  crashFreeBelow,
  crashFreeMetric,
  minSessions,
  targetType,
  targetTeamId,
  targetUserId,
  ticketIntegrationId,
};

/** The rule as stored: what create produces and what a PATCH merged onto the stored rule must satisfy. */
export type AlertRuleShape = {
  name: string;
  type: AlertType;
  threshold: number | null;
  windowMinutes: number | null;
  notifyEmail: string | null;
  webhookUrl: string | null;
  webhookFormat: WebhookFormat;
  enabled: boolean;
  crashFreeBelow: number | null;
  crashFreeMetric: (typeof CRASH_FREE_METRICS)[number] | null;
  minSessions: number | null;
  targetType: AlertTargetType | null;
  targetTeamId: string | null;
  targetUserId: string | null;
  ticketIntegrationId: string | null;
};

type Issue = { path: string[]; message: string };

/** Rules that span fields, shared by create and PATCH (applied to the merged result). */
export function crossFieldIssues(
  r: Pick<
    AlertRuleShape,
    | 'type'
    | 'threshold'
    | 'windowMinutes'
    | 'notifyEmail'
    | 'webhookUrl'
    | 'crashFreeBelow'
    | 'targetType'
    | 'targetTeamId'
    | 'targetUserId'
    | 'ticketIntegrationId'
  >,
): Issue[] {
  const issues: Issue[] = [];
  if (r.notifyEmail == null && r.webhookUrl == null && r.targetType == null && r.ticketIntegrationId == null) {
    issues.push({ path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' });
  }
  if (r.type === 'ERROR_RATE') {
    if (r.threshold == null)
      issues.push({
        path: ['threshold'],
        message: 'Give a threshold: the number of errors that triggers an error-rate rule',
      });
    if (r.windowMinutes == null)
      issues.push({
        path: ['windowMinutes'],
        message: 'Give a window: the number of minutes an error-rate rule counts over',
      });
  }
  if (r.type === 'CRASH_FREE') {
    if (r.crashFreeBelow == null)
      issues.push({ path: ['crashFreeBelow'], message: 'Give the crash-free percentage a release must stay above' });
    if (r.windowMinutes == null)
      issues.push({ path: ['windowMinutes'], message: 'Give a window: the number of minutes the rate is read over' });
  }
  if (r.targetType != null && !TARGET_RULE_TYPES.includes(r.type))
    issues.push({
      path: ['targetType'],
      message: 'Only NEW_ISSUE, REGRESSION and ERROR_RATE rules can notify owners, a team or a member',
    });
  else if (r.targetType === 'ISSUE_OWNERS' && !OWNER_RULE_TYPES.includes(r.type))
    issues.push({
      path: ['targetType'],
      message: 'Issue owners can be notified by NEW_ISSUE and REGRESSION rules only',
    });
  if (r.ticketIntegrationId != null && !TICKET_RULE_TYPES.includes(r.type))
    issues.push({ path: ['ticketIntegrationId'], message: 'Only NEW_ISSUE and REGRESSION rules can create a ticket' });
  if (r.targetType === 'TEAM' && r.targetTeamId == null)
    issues.push({ path: ['targetTeamId'], message: 'Give the team to notify' });
  if (r.targetType === 'MEMBER' && r.targetUserId == null)
    issues.push({ path: ['targetUserId'], message: 'Give the member to notify' });
  return issues;
}

/** Only ERROR_RATE rules keep a threshold; ERROR_RATE and CRASH_FREE a window; CRASH_FREE its rate, metric and minimum. */
export function normalizeRule<
  T extends Pick<
    AlertRuleShape,
    | 'type'
    | 'threshold'
    | 'windowMinutes'
    | 'crashFreeBelow'
    | 'crashFreeMetric'
    | 'minSessions'
    | 'targetType'
    | 'targetTeamId'
    | 'targetUserId'
  >,
>(r: T): T {
  const crash = r.type === 'CRASH_FREE';
  return {
    ...r,
    threshold: r.type === 'ERROR_RATE' ? r.threshold : null,
    windowMinutes: r.type === 'ERROR_RATE' || crash ? r.windowMinutes : null,
    crashFreeBelow: crash ? r.crashFreeBelow : null,
    crashFreeMetric: crash ? (r.crashFreeMetric ?? 'sessions') : null,
    minSessions: crash ? (r.minSessions ?? 10) : null,
    targetTeamId: r.targetType === 'TEAM' ? r.targetTeamId : null,
    targetUserId: r.targetType === 'MEMBER' ? r.targetUserId : null,
  };
}

export const createAlertSchema = z
  .object({
    name,
    type: type.default('NEW_ISSUE'),
    threshold: threshold.default(null),
    windowMinutes: windowMinutes.default(null),
    notifyEmail: notifyEmail.default(null),
    webhookUrl: webhookUrl.default(null),
    webhookFormat: webhookFormat.default('json'),
    enabled: enabled.default(true),
    crashFreeBelow: crashFreeBelow.default(null),
    crashFreeMetric: crashFreeMetric.default(null),
    minSessions: minSessions.default(null),
    targetType: targetType.default(null),
    targetTeamId: targetTeamId.default(null),
    targetUserId: targetUserId.default(null),
    ticketIntegrationId: ticketIntegrationId.default(null),
  })
  .superRefine((v, ctx) => {
    for (const i of crossFieldIssues(v)) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
  })
  .transform((v): AlertRuleShape => normalizeRule(v));

/** Any subset of the create fields; cross-field rules are checked on the merged rule by the service. */
export const updateAlertSchema = z.object({
  name: alertRuleFields.name.optional(),
  type: alertRuleFields.type.optional(),
  threshold: alertRuleFields.threshold.optional(),
  windowMinutes: alertRuleFields.windowMinutes.optional(),
  notifyEmail: alertRuleFields.notifyEmail.optional(),
  webhookUrl: alertRuleFields.webhookUrl.optional(),
  webhookFormat: alertRuleFields.webhookFormat.optional(),
  enabled: alertRuleFields.enabled.optional(),
  crashFreeBelow: alertRuleFields.crashFreeBelow.optional(),
  crashFreeMetric: alertRuleFields.crashFreeMetric.optional(),
  minSessions: alertRuleFields.minSessions.optional(),
  targetType: alertRuleFields.targetType.optional(),
  targetTeamId: alertRuleFields.targetTeamId.optional(),
  targetUserId: alertRuleFields.targetUserId.optional(),
  ticketIntegrationId: alertRuleFields.ticketIntegrationId.optional(),
});

export const alertParams = z.object({ projectId: z.string().min(1), alertId: z.string().min(1) });

export type CreateAlertInput = z.infer<typeof createAlertSchema>;
/** What a client may send to create a rule (the fields with defaults may be left out). */
export type CreateAlertBody = z.input<typeof createAlertSchema>;
export type UpdateAlertInput = z.infer<typeof updateAlertSchema>;

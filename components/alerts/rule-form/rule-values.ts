import type { AlertRule } from '@/lib/swr/use-alerts';
import type { AlertTargetType, AlertType, WebhookFormat } from '@/lib/zod/alerts';

/** What the form's controls hold: text as typed, turned into the API's body on submit. */
export type RuleValues = {
  name: string;
  type: AlertType;
  threshold: string;
  windowMinutes: string;
  notifyEmail: string;
  webhookUrl: string;
  webhookFormat: WebhookFormat;
  crashFreeBelow: string;
  crashFreeMetric: 'sessions' | 'users';
  minSessions: string;
  /** Whom the rule also emails (#49); '' for nobody beyond its address and webhook. */
  targetType: AlertTargetType | '';
  targetTeamId: string;
  targetUserId: string;
  /** An issue tracker to create a ticket in (#64); '' for none. */
  ticketIntegrationId: string;
};

/** What every section of the form is given: its ids, the values, one setter per field and the messages beside fields. */
export type RuleSectionProps = {
  idPrefix: string;
  values: RuleValues;
  set: (field: keyof RuleValues) => (e: { target: { value: string } }) => void;
  fieldErrors: Record<string, string>;
};

const EMPTY: RuleValues = {
  name: '',
  type: 'NEW_ISSUE',
  threshold: '',
  windowMinutes: '',
  notifyEmail: '',
  webhookUrl: '',
  webhookFormat: 'json',
  crashFreeBelow: '',
  crashFreeMetric: 'sessions',
  minSessions: '10',
  targetType: '',
  targetTeamId: '',
  targetUserId: '',
  ticketIntegrationId: '',
};

export function valuesOf(rule: AlertRule | undefined): RuleValues {
  if (!rule) return EMPTY;
  return {
    name: rule.name,
    // Metric rules have their own form (metric-alerts/); this one never edits them.
    type: rule.type === 'METRIC' ? 'NEW_ISSUE' : rule.type,
    threshold: rule.threshold?.toString() ?? '',
    windowMinutes: rule.windowMinutes?.toString() ?? '',
    notifyEmail: rule.notifyEmail ?? '',
    webhookUrl: rule.webhookUrl ?? '',
    webhookFormat: rule.webhookFormat,
    crashFreeBelow: rule.crashFreeBelow?.toString() ?? '',
    crashFreeMetric: rule.crashFreeMetric === 'users' ? 'users' : 'sessions',
    minSessions: rule.minSessions?.toString() ?? '10',
    targetType: (rule.targetType as AlertTargetType | undefined) ?? '',
    targetTeamId: rule.targetTeamId ?? '',
    targetUserId: rule.targetUserId ?? '',
    ticketIntegrationId: rule.ticketIntegrationId ?? '',
  };
}

/** The request body the API expects: blanks are null, and numbers stay numbers (NaN fails the schema like a string would). */
export function bodyOf(v: RuleValues) {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  const int = (s: string) => (s.trim() === '' ? null : Number(s));
  const rate = v.type === 'ERROR_RATE';
  const crash = v.type === 'CRASH_FREE';
  return {
    name: v.name,
    type: v.type,
    threshold: rate ? int(v.threshold) : null,
    windowMinutes: rate || crash ? int(v.windowMinutes) : null,
    crashFreeBelow: crash ? int(v.crashFreeBelow) : null,
    crashFreeMetric: crash ? v.crashFreeMetric : null,
    minSessions: crash ? int(v.minSessions) : null,
    notifyEmail: text(v.notifyEmail),
    webhookUrl: text(v.webhookUrl),
    webhookFormat: v.webhookFormat,
    targetType: crash || v.type === 'MONITOR' ? null : v.targetType || null,
    targetTeamId: v.targetType === 'TEAM' ? text(v.targetTeamId) : null,
    targetUserId: v.targetType === 'MEMBER' ? text(v.targetUserId) : null,
    ticketIntegrationId: v.type === 'NEW_ISSUE' || v.type === 'REGRESSION' ? text(v.ticketIntegrationId) : null,
  };
}

/** The props that tie a control to one field: its name, value, setter and the message beside it. */
export function bindField({ values, set, fieldErrors }: Omit<RuleSectionProps, 'idPrefix'>, field: keyof RuleValues) {
  return { name: field, value: values[field], onChange: set(field), error: fieldErrors[field] };
}

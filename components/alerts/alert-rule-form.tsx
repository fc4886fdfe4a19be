'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/swr/fetcher';
import type { AlertRule } from '@/lib/swr/use-alerts';
import { createAlertSchema, WEBHOOK_FORMATS, type AlertType, type CreateAlertInput, type WebhookFormat } from '@/lib/zod/alerts';

type Values = {
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
};

const EMPTY: Values = {
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
};

const TYPES: { value: AlertType; label: string; description: string }[] = [
  { value: 'NEW_ISSUE', label: 'New issue', description: 'Once for every issue seen for the first time.' },
  { value: 'ERROR_RATE', label: 'Error rate', description: 'When the number of errors in a time window reaches a threshold.' },
  { value: 'REGRESSION', label: 'Regression', description: 'Once each time a resolved issue comes back with a new event.' },
  { value: 'CRASH_FREE', label: 'Crash-free rate', description: 'When a release’s crash-free sessions or users fall below a percentage, and again when it recovers.' },
  { value: 'MONITOR', label: 'Monitor', description: 'Once when a cron or uptime monitor starts failing, and once when it recovers.' },
];

export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = { json: 'JSON (signed, our format)', slack: 'Slack incoming webhook', discord: 'Discord webhook' };

/**
 * Messages a person reads beside a field. The API's own messages already name fields as people do; the
 * few that name API values (an enum the form's controls cannot produce) read as the control they belong to.
 */
const HUMAN_MESSAGES: Record<string, string> = {
  type: 'Choose what the rule watches for',
  webhookFormat: 'Choose the message format of the webhook',
  enabled: 'Choose whether the rule is active',
};
function humanize(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, HUMAN_MESSAGES[field] ?? message]));
}

function valuesOf(rule: AlertRule | undefined): Values {
  if (!rule) return EMPTY;
  return {
    name: rule.name,
    type: rule.type,
    threshold: rule.threshold?.toString() ?? '',
    windowMinutes: rule.windowMinutes?.toString() ?? '',
    notifyEmail: rule.notifyEmail ?? '',
    webhookUrl: rule.webhookUrl ?? '',
    webhookFormat: rule.webhookFormat,
    crashFreeBelow: rule.crashFreeBelow?.toString() ?? '',
    crashFreeMetric: rule.crashFreeMetric === 'users' ? 'users' : 'sessions',
    minSessions: rule.minSessions?.toString() ?? '10',
  };
}

/** The request body the API expects: blanks are null, and numbers stay numbers (NaN fails the schema like a string would). */
function bodyOf(v: Values) {
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
  };
}

/** First message per top-level field, exactly as ApiError.fieldErrors() reads the API's error[]. */
function issuesToFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return humanize(new ApiError(400, 'Validation error', issues.map((i) => ({ path: i.path.map(String), message: i.message }))).fieldErrors());
}

type Props = {
  rule?: AlertRule;
  onSubmit: (input: CreateAlertInput) => Promise<void>;
  onCancel: () => void;
};

/**
 * Create or edit a rule. The shared zod schema checks the input first, so the messages are the API's
 * own; whatever the API still refuses (its error[] or message) is shown the same way.
 */
export function AlertRuleForm({ rule, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(rule));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (field: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const idPrefix = rule ? `rule-${rule.id}` : 'new-rule';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = createAlertSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setFieldErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, 'Could not reach the server. Check your connection and try again.');
      const fields = humanize(error.fieldErrors());
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(error.message);
      setPending(false);
    }
  }

  // ERROR_RATE and CRASH_FREE rules both count over a window (only one of them shows at a time).
  const windowField = (
    <Field
      id={`${idPrefix}-window`}
      name="windowMinutes"
      label="Window (minutes)"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={values.windowMinutes}
      onChange={set('windowMinutes')}
      error={fieldErrors.windowMinutes}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`} className="space-y-5">
      <h2 id={`${idPrefix}-title`} className="text-lg font-semibold">
        {rule ? `Edit “${rule.name}”` : 'New alert rule'}
      </h2>
      <Field id={`${idPrefix}-name`} name="name" label="Name" value={values.name} onChange={set('name')} error={fieldErrors.name} autoComplete="off" />

      <fieldset>
        <legend className="text-sm font-medium text-fg-secondary">Type</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
          {TYPES.map((t) => (
            <label
              key={t.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-focus',
                values.type === t.value
                  ? 'border-fg bg-surface-muted'
                  : 'border-line-strong hover:bg-surface-muted',
              )}
            >
              <input type="radio" name="type" value={t.value} checked={values.type === t.value} onChange={set('type')} className="mt-0.5 accent-fg" />
              <span>
                <span className="block font-medium">{t.label}</span>
                <span className="block text-fg-muted">{t.description}</span>
              </span>
            </label>
          ))}
        </div>
        <FormError message={fieldErrors.type} className="mt-1.5" />
      </fieldset>

      {values.type === 'ERROR_RATE' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${idPrefix}-threshold`}
            name="threshold"
            label="Threshold (errors)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.threshold}
            onChange={set('threshold')}
            error={fieldErrors.threshold}
          />
          {windowField}
        </div>
      )}

      {values.type === 'CRASH_FREE' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${idPrefix}-crash-free`}
            name="crashFreeBelow"
            label="Fires below (% crash-free)"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={values.crashFreeBelow}
            onChange={set('crashFreeBelow')}
            error={fieldErrors.crashFreeBelow}
          />
          <div className="space-y-1.5">
            <label htmlFor={`${idPrefix}-metric`} className="text-sm font-medium">
              Of
            </label>
            <select
              id={`${idPrefix}-metric`}
              name="crashFreeMetric"
              value={values.crashFreeMetric}
              onChange={set('crashFreeMetric')}
              className="block h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm"
            >
              <option value="sessions">sessions</option>
              <option value="users">users</option>
            </select>
          </div>
          {windowField}
          <Field
            id={`${idPrefix}-min-sessions`}
            name="minSessions"
            label="At least (sessions in the window)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.minSessions}
            onChange={set('minSessions')}
            error={fieldErrors.minSessions}
          />
        </div>
      )}

      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-fg-secondary">
          Notify <span className="font-normal text-fg-muted">(email, webhook or both)</span>
        </legend>
        <Field
          id={`${idPrefix}-email`}
          name="notifyEmail"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.notifyEmail}
          onChange={set('notifyEmail')}
          error={fieldErrors.notifyEmail}
        />
        <Field
          id={`${idPrefix}-webhook`}
          name="webhookUrl"
          label="Webhook URL"
          type="url"
          placeholder="https://example.com/hooks/tracker"
          value={values.webhookUrl}
          onChange={set('webhookUrl')}
          error={fieldErrors.webhookUrl}
          hint="Receives a signed POST (X-Webhook-Signature: sha256=…)."
        />
        <div className="space-y-1.5">
          <Label htmlFor={`${idPrefix}-webhook-format`}>Webhook format</Label>
          <Select
            id={`${idPrefix}-webhook-format`}
            name="webhookFormat"
            className="w-full sm:w-72"
            value={values.webhookFormat}
            onChange={set('webhookFormat')}
            aria-invalid={fieldErrors.webhookFormat ? true : undefined}
            aria-describedby={fieldErrors.webhookFormat ? `${idPrefix}-webhook-format-error` : undefined}
          >
            {WEBHOOK_FORMATS.map((f) => (
              <option key={f} value={f}>
                {WEBHOOK_FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
          <FormError id={`${idPrefix}-webhook-format-error`} message={fieldErrors.webhookFormat} />
        </div>
      </fieldset>

      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {rule ? 'Save changes' : 'Create rule'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

'use client';

import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/swr/fetcher';
import type { AlertRule } from '@/lib/swr/use-alerts';
import type { CreateMetricAlertBody } from '@/lib/zod/metric-alerts';
import { AlertTicketField } from '@/components/integrations/alert-ticket-field';
import { RuleFormActions } from '../rule-form/rule-form-actions';
import { metricBody, metricFieldErrors, metricValuesOf, type MetricPrefill, type MetricValues } from './metric-values';

type Props = {
  rule?: AlertRule;
  prefill: MetricPrefill | null;
  onSubmit: (body: CreateMetricAlertBody) => Promise<void>;
  onCancel: () => void;
};

/** Create or edit a metric alert (#62): the Explore query, its thresholds and window, and where it notifies. */
export function MetricRuleForm({ rule, prefill, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<MetricValues>(() => metricValuesOf(rule, prefill));
  const [errors, setErrors] = useState<Partial<Record<keyof MetricValues, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const id = rule ? `metric-${rule.id}` : 'new-metric';
  const bind = (name: keyof MetricValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setFormError(undefined);
    try {
      await onSubmit(metricBody(values));
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(metricFieldErrors(err.issues));
        setFormError(err.summary());
      } else setFormError('Could not save the metric alert');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {rule ? `Edit “${rule.name}”` : 'New metric alert'}
      </h2>
      <Field label="Name" autoComplete="off" {...bind('name')} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Query</legend>
        <SelectField label="Dataset" {...bind('dataset')}>
          <option value="spans">Spans</option>
          <option value="transactions">Transactions</option>
          <option value="logs">Logs</option>
          <option value="errors">Errors</option>
        </SelectField>
        <Field label="Aggregate" hint="e.g. p95(span.duration), count()" {...bind('aggregate')} />
        <Field label="Filter" hint="Explore's filter syntax" {...bind('filter')} />
        <Field label="Group by" hint="Comma-separated; the worst group decides" {...bind('groupBy')} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Thresholds</legend>
        <SelectField label="Fires when the value is" {...bind('direction')}>
          <option value="above">Above</option>
          <option value="below">Below</option>
        </SelectField>
        <Field label="Warning threshold" inputMode="decimal" {...bind('warningThreshold')} />
        <Field label="Critical threshold" inputMode="decimal" {...bind('criticalThreshold')} />
        <Field
          label="Resolve threshold"
          inputMode="decimal"
          hint="Empty: the warning threshold"
          {...bind('resolveThreshold')}
        />
        <Field
          label="Window (minutes)"
          inputMode="numeric"
          hint="1 to 1440; 30 or more is read every 2 to 15 minutes"
          {...bind('windowMinutes')}
        />
        <SelectField label="Compare with" {...bind('comparison')}>
          <option value="">The value itself</option>
          <option value="1d">Change (%) from a day before</option>
          <option value="1w">Change (%) from a week before</option>
        </SelectField>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Notify</legend>
        <Field label="Email" type="email" autoComplete="off" {...bind('notifyEmail')} />
        <Field label="Webhook URL" type="url" autoComplete="off" {...bind('webhookUrl')} />
        <SelectField label="Webhook format" {...bind('webhookFormat')}>
          <option value="json">JSON</option>
          <option value="slack">Slack</option>
          <option value="discord">Discord</option>
        </SelectField>
        <AlertTicketField
          idPrefix={id}
          incidents
          values={values}
          set={(name) => (e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          fieldErrors={errors}
        />
      </fieldset>
      <RuleFormActions editing={!!rule} pending={pending} formError={formError} onCancel={onCancel} />
    </form>
  );
}

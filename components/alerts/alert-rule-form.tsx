'use client';

import { Field } from '@/components/ui/field';
import type { AlertRule } from '@/lib/swr/use-alerts';
import type { CreateAlertInput } from '@/lib/zod/alerts';
import { CrashFreeFields } from './rule-form/crash-free-fields';
import { ErrorRateFields } from './rule-form/error-rate-fields';
import { NotifyFields } from './rule-form/notify-fields';
import { RuleFormActions } from './rule-form/rule-form-actions';
import { RuleTypePicker } from './rule-form/rule-type-picker';
import { TargetFields } from './rule-form/target-fields';
import { bindField } from './rule-form/rule-values';
import { useRuleForm } from './rule-form/use-rule-form';
import { AlertTicketField } from '@/components/integrations/alert-ticket-field';

type Props = {
  rule?: AlertRule;
  onSubmit: (input: CreateAlertInput) => Promise<void>;
  onCancel: () => void;
};

/** Create or edit a rule: its name and type, the type's own fields, and where it notifies. */
export function AlertRuleForm({ rule, onSubmit, onCancel }: Props) {
  const { values, set, fieldErrors, formError, pending, submit } = useRuleForm(rule, onSubmit);
  const idPrefix = rule ? `rule-${rule.id}` : 'new-rule';
  const section = { idPrefix, values, set, fieldErrors };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`} className="space-y-5">
      <h2 id={`${idPrefix}-title`} className="text-lg font-semibold">
        {rule ? `Edit “${rule.name}”` : 'New alert rule'}
      </h2>
      <Field id={`${idPrefix}-name`} label="Name" autoComplete="off" {...bindField(section, 'name')} />
      <RuleTypePicker {...section} />
      {values.type === 'ERROR_RATE' && <ErrorRateFields {...section} />}
      {values.type === 'CRASH_FREE' && <CrashFreeFields {...section} />}
      <NotifyFields {...section} />
      {values.type !== 'CRASH_FREE' && values.type !== 'MONITOR' && <TargetFields {...section} />}
      {(values.type === 'NEW_ISSUE' || values.type === 'REGRESSION') && <AlertTicketField {...section} />}
      <RuleFormActions editing={!!rule} pending={pending} formError={formError} onCancel={onCancel} />
    </form>
  );
}

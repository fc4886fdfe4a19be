import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import type { AlertRule } from '@/lib/swr/use-alerts';
import { createAlertSchema, type CreateAlertInput } from '@/lib/zod/alerts';
import { humanize, issuesToFields } from './field-messages';
import { bodyOf, valuesOf, type RuleValues } from './rule-values';

/**
 * The form's state and submit. The shared zod schema checks the input first, so the messages are the API's
 * own; whatever the API still refuses (its error[] or message) is shown the same way.
 */
export function useRuleForm(rule: AlertRule | undefined, onSubmit: (input: CreateAlertInput) => Promise<void>) {
  const [values, setValues] = useState<RuleValues>(() => valuesOf(rule));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (field: keyof RuleValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

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
      const error =
        err instanceof ApiError
          ? err
          : new ApiError(0, 'Could not reach the server. Check your connection and try again.');
      const fields = humanize(error.fieldErrors());
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(error.message);
      setPending(false);
    }
  }

  return { values, set, fieldErrors, formError, pending, submit };
}

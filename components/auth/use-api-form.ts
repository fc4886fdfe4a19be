'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import type { FormNotice } from '@/lib/auth/form-errors';

const UNREACHABLE = new ApiError(0, 'Could not reach the server. Check your connection and try again.');

/**
 * Submit state for a form that posts to the API: field errors from the envelope's `error[]`,
 * otherwise one form-level error. It stays pending after success while the page navigates away.
 * `notice`: the refusal the form came back with when it was sent without the script (#58), shown until the next try.
 */
export function useApiForm(submit: (values: Record<string, string>) => Promise<void>, notice?: FormNotice) {
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(() =>
    notice?.field ? { [notice.field]: notice.message } : {},
  );
  const [formError, setFormError] = useState<ApiError | undefined>(() =>
    notice && !notice.field ? new ApiError(notice.status, notice.message) : undefined,
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setPending(true);
    setFieldErrors({});
    setFormError(undefined);
    try {
      await submit(values);
    } catch (err) {
      const error = err instanceof ApiError ? err : UNREACHABLE;
      const fields = error.fieldErrors();
      // An issue about a field this form does not show is said at form level, with the field's human name.
      if (Object.keys(fields).some((f) => f in values)) setFieldErrors(fields);
      else setFormError(error);
      setPending(false);
    }
  }

  return { onSubmit, pending, fieldErrors, formError };
}

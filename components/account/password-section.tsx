'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { changePassword } from '@/lib/swr/use-sessions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useToast } from '@/components/ui/toast';
import type { FormNotice } from '@/lib/auth/form-errors';

type Props = {
  /** Sent without the page's script (#58), the form came back refused with this, or changed the password. */
  notice?: FormNotice;
  changed?: boolean;
};

/**
 * Change the password: the current one, the new one twice. Every other session is signed out. JSON to the API with
 * the page's script; without it, the form itself to /api/forms/account/password (#58).
 */
export function PasswordSection({ notice, changed = false }: Props) {
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(() =>
    notice?.field ? { [notice.field]: notice.message } : {},
  );
  const [formError, setFormError] = useState<string | undefined>(notice?.field ? undefined : notice?.message);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    setFormError(undefined);
    if (newPassword !== String(data.get('confirmPassword') ?? '')) {
      setFieldErrors({ confirmPassword: 'The two new passwords differ' });
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const ended = await changePassword({ currentPassword, newPassword });
      form.reset();
      toast.show({
        message:
          ended === 0
            ? 'Password changed'
            : `Password changed; signed out of ${ended} other session${ended === 1 ? '' : 's'}`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.issues.length) setFieldErrors(err.fieldErrors());
      else setFormError(err instanceof ApiError ? err.message : 'Could not reach the server. Try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <section aria-labelledby="password-title">
        <h2 id="password-title" className="text-base font-semibold">
          Password
        </h2>
        <p className="mt-1 text-sm text-fg-secondary">Changing it signs out every other session.</p>
        {changed && (
          <p role="status" className="mt-4 max-w-sm rounded-md bg-success-soft p-3 text-sm text-success-fg">
            Password changed; your other sessions were signed out.
          </p>
        )}
        <form
          method="post"
          action="/api/forms/account/password"
          onSubmit={onSubmit}
          noValidate
          className="mt-4 max-w-sm space-y-3"
        >
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={fieldErrors.currentPassword}
          />
          <Field
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            required
            error={fieldErrors.newPassword}
          />
          <Field
            name="confirmPassword"
            label="New password again"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.confirmPassword}
          />
          <FormError message={formError} />
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </form>
      </section>
    </Card>
  );
}

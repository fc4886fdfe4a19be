'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { changePassword } from '@/lib/swr/use-sessions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useToast } from '@/components/ui/toast';

/** Change the password: the current one, the new one twice. Every other session is signed out. */
export function PasswordSection() {
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
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
        <form onSubmit={onSubmit} noValidate className="mt-4 max-w-sm space-y-3">
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

'use client';

import { useState } from 'react';
import { api } from '@/lib/swr/fetcher';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormNotice } from '@/lib/auth/form-errors';
import { useApiForm } from './use-api-form';

type Props = { notice?: FormNotice; sent?: { to: string } };

/** JSON to the API with the page's script; without it, the form itself to /api/forms/forgot-password (#58). */
export function ForgotPasswordForm({ notice, sent }: Props) {
  const [sentTo, setSentTo] = useState<string | undefined>(sent?.to);
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ email }) => {
    await api('/api/v1/auth/forgot-password', { method: 'POST', body: { email } });
    setSentTo(email.trim());
  }, notice);

  if (sentTo) {
    return (
      <p role="status" className="rounded-md bg-success-soft p-3 text-sm text-success-fg">
        If {sentTo} has an account, a link to choose a new password is on its way. It works once, for one hour.
      </p>
    );
  }
  return (
    <form method="post" action="/api/forms/forgot-password" onSubmit={onSubmit} noValidate className="space-y-4">
      <Field name="email" label="Email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <FormError message={formError?.summary()} />
      <Button type="submit" loading={pending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { api } from '@/lib/swr/fetcher';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import type { FormNotice } from '@/lib/auth/form-errors';
import { useApiForm } from './use-api-form';

/** JSON to the API with the page's script; without it, the form itself to /api/forms/reset-password (#58). */
export function ResetPasswordForm({ token, notice }: { token: string; notice?: FormNotice }) {
  const router = useRouter();
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ password }) => {
    await api('/api/v1/auth/reset-password', { method: 'POST', body: { token, password } });
    router.push('/login?reset=1');
  }, notice);

  if (!token) {
    return (
      <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
        This link is incomplete. <TextLink href="/forgot-password">Ask for a new one</TextLink>.
      </p>
    );
  }
  return (
    <form method="post" action="/api/forms/reset-password" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Every signed-in device will be signed out."
        error={fieldErrors.password ?? fieldErrors.token}
      />
      {formError && (
        <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          <p>{formError.summary()}</p>
          {formError.status === 400 && (
            <p className="mt-1">
              <TextLink href="/forgot-password">Ask for a new link</TextLink>.
            </p>
          )}
        </div>
      )}
      <Button type="submit" loading={pending} className="w-full">
        Set new password
      </Button>
    </form>
  );
}

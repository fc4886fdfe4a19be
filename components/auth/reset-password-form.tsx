'use client';

import { useRouter } from 'next/navigation';
import { api } from '@/lib/swr/fetcher';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { useApiForm } from './use-api-form';

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ password }) => {
    await api('/api/v1/auth/reset-password', { method: 'POST', body: { token, password } });
    router.push('/login?reset=1');
  });

  if (!token) {
    return (
      <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
        This link is incomplete. <TextLink href="/forgot-password">Ask for a new one</TextLink>.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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

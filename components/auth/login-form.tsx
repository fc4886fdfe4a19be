'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/swr/fetcher';
import { safeNext, withNext } from '@/lib/auth/safe-next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { useApiForm } from './use-api-form';

/** `next`: the page to return to once signed in (checked again here: only same-origin paths). */
export function LoginForm({ initialEmail = '', next = null }: { initialEmail?: string; next?: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ email, password }) => {
    setEmail(email.trim().toLowerCase());
    const res = await api<{ twoFactorRequired?: boolean }>('/api/v1/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    // A second factor is on: its page finishes the sign-in (#48).
    if (res?.twoFactorRequired) return router.push(withNext('/login/two-factor', next));
    router.replace(safeNext(next) ?? '/');
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={initialEmail}
        error={fieldErrors.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus={initialEmail !== ''}
        error={fieldErrors.password}
      />
      {formError && (
        <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          <p>{formError.summary()}</p>
          {formError.status === 403 && (
            <p className="mt-1">
              <TextLink href={withNext(`/verify?email=${encodeURIComponent(email)}`, next)}>Verify your email</TextLink>{' '}
              with the passcode we sent you.
            </p>
          )}
        </div>
      )}
      <Button type="submit" loading={pending} className="w-full">
        Log in
      </Button>
      <p className="text-center text-sm">
        <TextLink href="/forgot-password">Forgot your password?</TextLink>
      </p>
    </form>
  );
}

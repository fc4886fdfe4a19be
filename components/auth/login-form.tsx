'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/swr/fetcher';
import { afterSignIn, withNext } from '@/lib/auth/safe-next';
import type { FormNotice } from '@/lib/auth/form-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { useApiForm } from './use-api-form';

type Props = {
  initialEmail?: string;
  /** The page to return to once signed in (checked again wherever it is used: only same-origin paths). */
  next?: string | null;
  notice?: FormNotice;
};

/**
 * With the page's script the form posts JSON to the API; before it has run (or without it) the browser posts the
 * form itself to /api/forms/login (#58), never a GET that would put the password in the address.
 */
export function LoginForm({ initialEmail = '', next = null, notice }: Props) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ email, password }) => {
    setEmail(email.trim().toLowerCase());
    const res = await api<{ twoFactorRequired?: boolean }>('/api/v1/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    // A second factor is on: its page finishes the sign-in (#48).
    const target = afterSignIn(next, res?.twoFactorRequired === true);
    if (res?.twoFactorRequired) return router.push(target);
    router.replace(target);
    router.refresh();
  }, notice);

  return (
    <form method="post" action="/api/forms/login" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="next" value={next ?? ''} />
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

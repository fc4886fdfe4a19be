'use client';

import { useRouter } from 'next/navigation';
import { api } from '@/lib/swr/fetcher';
import { withNext } from '@/lib/auth/safe-next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormNotice } from '@/lib/auth/form-errors';
import { useApiForm } from './use-api-form';

/** JSON to the API with the page's script; without it, the form itself to /api/forms/signup (#58). */
export function SignupForm({ next = null, notice }: { next?: string | null; notice?: FormNotice }) {
  const router = useRouter();
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ name, email, password }) => {
    await api('/api/v1/auth/register', { method: 'POST', body: { name, email, password } });
    router.push(withNext(`/verify?email=${encodeURIComponent(email.trim().toLowerCase())}`, next));
  }, notice);

  return (
    <form method="post" action="/api/forms/signup" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="next" value={next ?? ''} />
      <Field name="name" label="Name" autoComplete="name" required maxLength={100} error={fieldErrors.name} />
      <Field name="email" label="Email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint="At least 8 characters."
        error={fieldErrors.password}
      />
      <FormError message={formError?.summary()} />
      <Button type="submit" loading={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}

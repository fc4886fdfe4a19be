'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api, ApiError } from '@/lib/swr/fetcher';
import { safeNext } from '@/lib/auth/safe-next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { FormNotice } from '@/lib/auth/form-errors';
import { useApiForm } from './use-api-form';

type Props = { initialEmail: string; next?: string | null; notice?: FormNotice };

/** JSON to the API with the page's script; without it, the form itself to /api/forms/verify (#58). */
export function VerifyForm({ initialEmail, next = null, notice }: Props) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [resend, setResend] = useState<{ pending: boolean; sent?: string; error?: string }>({ pending: false });
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async (values) => {
    await api('/api/v1/auth/verify-otp', {
      method: 'POST',
      body: { email: values.email, otp: values.otp.trim().toUpperCase() },
    });
    // The passcode signs the person in: straight on to where they were going (an invite, onboarding).
    router.replace(safeNext(next) ?? '/');
    router.refresh();
  }, notice);

  async function sendNewCode() {
    setResend({ pending: true });
    try {
      await api('/api/v1/auth/send-otp', { method: 'POST', body: { email } });
      setResend({
        pending: false,
        sent: `If ${email.trim()} has an unverified account, a new code is on its way. Sign-ups not verified within 10 minutes expire: if nothing arrives, sign up again.`,
      });
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.fieldErrors().email ?? err.summary()) : 'Could not reach the server.';
      setResend({ pending: false, error: message });
    }
  }

  return (
    <form method="post" action="/api/forms/verify" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="next" value={next ?? ''} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
      />
      <Field
        name="otp"
        label="Passcode"
        required
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={6}
        hint="The 6-character code from the email we sent you. It expires after 10 minutes."
        className="font-mono text-lg tracking-[0.5em] uppercase"
        error={fieldErrors.otp}
      />
      <FormError message={formError?.summary()} />
      <Button type="submit" loading={pending} className="w-full">
        Verify email
      </Button>
      <div className="flex flex-col items-center gap-2 border-t border-line pt-4">
        <Button variant="ghost" onClick={sendNewCode} loading={resend.pending} disabled={!email.trim()}>
          Send a new code
        </Button>
        <p role="status" className="text-center text-sm text-fg-secondary">
          {resend.sent}
        </p>
        <FormError message={resend.error} />
      </div>
    </form>
  );
}

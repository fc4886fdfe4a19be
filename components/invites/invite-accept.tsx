'use client';

import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/swr/fetcher';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { useApiForm } from '@/components/auth/use-api-form';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';
import type { FormNotice } from '@/lib/auth/form-errors';

type Props = {
  token: string;
  email: string;
  accountExists: boolean;
  signedInAs: { name: string; email: string } | null;
  /** The refusal a form came back with when it was sent without the page's script (#58). */
  notice?: FormNotice;
};

const invitePath = (token: string) => `/api/v1/invites/${encodeURIComponent(token)}`;
/** Where each form posts itself when the page's script has not run (#58); with the script it posts JSON to the API. */
const formPath = (token: string, step: 'login' | 'signup' | 'accept') =>
  `/api/forms/invites/${encodeURIComponent(token)}/${step}`;

/** Accept as the signed-in user, log in with the invited email and accept, or sign up from the link. */
export function InviteAccept({ token, email, accountExists, signedInAs, notice }: Props) {
  if (signedInAs && signedInAs.email.toLowerCase() !== email.toLowerCase())
    return <SignedInAsSomeoneElse email={email} who={signedInAs} />;
  if (signedInAs) return <AcceptAsSignedIn token={token} who={signedInAs} notice={notice} />;
  return accountExists ? (
    <LogInAndAccept token={token} email={email} notice={notice} />
  ) : (
    <SignUpFromInvite token={token} email={email} notice={notice} />
  );
}

/** Only the invited address can accept: say so instead of offering a button that would be refused. */
function SignedInAsSomeoneElse({ email, who }: { email: string; who: { name: string; email: string } }) {
  return (
    <div role="alert" className="space-y-2 text-sm text-fg-secondary">
      <p>
        This invite was sent to <span className="font-medium text-fg">{email}</span>, and only that address can accept
        it. You are signed in as <span className="font-medium text-fg">{who.name}</span> ({who.email}).
      </p>
      <p>Log out, then open the link again and sign in or sign up with {email}.</p>
    </div>
  );
}

type Step = { token: string; notice?: FormNotice };

function AcceptAsSignedIn({ token, who, notice }: Step & { who: { name: string; email: string } }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(notice?.message);
  async function accept(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await api(`${invitePath(token)}/accept`, { method: 'POST' });
      enterDashboard();
    } catch (err) {
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
      setPending(false);
    }
  }
  return (
    <form method="post" action={formPath(token, 'accept')} onSubmit={accept} className="space-y-4">
      <p className="text-sm text-fg-secondary">
        You are signed in as <span className="font-medium text-fg">{who.name}</span> ({who.email}).
      </p>
      <FormError message={error} />
      <Button type="submit" className="w-full" loading={pending}>
        Accept invite
      </Button>
    </form>
  );
}

function LogInAndAccept({ token, email, notice }: Step & { email: string }) {
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ password }) => {
    await api('/api/v1/auth/login', { method: 'POST', body: { email, password } });
    await api(`${invitePath(token)}/accept`, { method: 'POST' });
    enterDashboard();
  }, notice);
  return (
    <form method="post" action={formPath(token, 'login')} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-fg-secondary">This email has an account: log in to accept.</p>
      <Field name="email" label="Email" type="email" value={email} readOnly />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors.password}
      />
      <FormError message={formError?.summary()} />
      <Button type="submit" loading={pending} className="w-full">
        Log in and accept
      </Button>
    </form>
  );
}

function SignUpFromInvite({ token, email, notice }: Step & { email: string }) {
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ name, password }) => {
    await api(`${invitePath(token)}/register`, { method: 'POST', body: { name, password } });
    enterDashboard();
  }, notice);
  return (
    <form method="post" action={formPath(token, 'signup')} onSubmit={onSubmit} noValidate className="space-y-4">
      <Field name="name" label="Name" autoComplete="name" required maxLength={100} error={fieldErrors.name} />
      <Field
        name="email"
        label="Email"
        type="email"
        value={email}
        readOnly
        hint="The invite was sent here, so it needs no passcode."
      />
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
        Create account and join
      </Button>
    </form>
  );
}

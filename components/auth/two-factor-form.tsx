'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/types';
import { api, ApiError } from '@/lib/swr/fetcher';
import { safeNext, withNext, withQuery } from '@/lib/auth/safe-next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import type { FormNotice } from '@/lib/auth/form-errors';
import { useApiForm } from './use-api-form';

type Method = 'totp' | 'webauthn' | 'recovery';
const SIGN_IN = '/api/v1/auth/two-factor/sign-in';

type Props = { methods: Method[]; next: string | null; initialMethod?: Method; notice?: FormNotice };

/**
 * The second step: a code from the authenticator app, a security key or passkey, or a one-time recovery code. A code
 * goes as JSON to the API with the page's script, and as the form itself to /api/forms/two-factor without it (#58);
 * the other ways in are links then (a security key needs the script).
 */
export function TwoFactorForm({ methods, next, initialMethod, notice }: Props) {
  const router = useRouter();
  const [mode, setMode] = useState<Method>(
    initialMethod && methods.includes(initialMethod) ? initialMethod : (methods[0] ?? 'recovery'),
  );
  const [keyError, setKeyError] = useState<string>();
  const [keyPending, setKeyPending] = useState(false);
  const done = () => {
    router.replace(safeNext(next) ?? '/');
    router.refresh();
  };
  const { onSubmit, pending, fieldErrors, formError } = useApiForm(async ({ code }) => {
    await api(SIGN_IN, { method: 'POST', body: { method: mode, code } });
    done();
  }, notice);

  async function signInWithKey() {
    setKeyPending(true);
    setKeyError(undefined);
    try {
      const options = await api<PublicKeyCredentialRequestOptionsJSON>(
        '/api/v1/auth/two-factor/sign-in/webauthn-options',
        {
          method: 'POST',
        },
      );
      const response = await startAuthentication(options);
      await api(SIGN_IN, { method: 'POST', body: { method: 'webauthn', response } });
      done();
    } catch (err) {
      setKeyError(
        err instanceof ApiError ? err.message : 'The security key did not answer. Try again, or use another way in.',
      );
      setKeyPending(false);
    }
  }

  const others = methods.filter((m) => m !== mode);
  return (
    <div className="space-y-4">
      {mode === 'webauthn' ? (
        <div className="space-y-3">
          <p className="text-sm">Use the security key or passkey you added to your account.</p>
          <Button className="w-full" loading={keyPending} onClick={() => void signInWithKey()}>
            Use security key or passkey
          </Button>
          {keyError && (
            <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
              {keyError}
            </p>
          )}
        </div>
      ) : (
        <form
          key={mode}
          method="post"
          action="/api/forms/two-factor"
          onSubmit={onSubmit}
          noValidate
          className="space-y-4"
        >
          <input type="hidden" name="method" value={mode} />
          <input type="hidden" name="next" value={next ?? ''} />
          {mode === 'totp' ? (
            <Field
              name="code"
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              required
              error={fieldErrors.code}
            />
          ) : (
            <Field
              name="code"
              label="Recovery code"
              autoComplete="off"
              hint="One of the ten codes you saved when you set up two-factor sign-in. Each works once."
              autoFocus
              required
              error={fieldErrors.code}
            />
          )}
          {formError && (
            <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
              <p>{formError.summary()}</p>
              {formError.status === 401 && formError.message.includes('sign in again') && (
                <p className="mt-1">
                  <TextLink href={withNext('/login', next)}>Log in again</TextLink>
                </p>
              )}
            </div>
          )}
          <Button type="submit" loading={pending} className="w-full">
            Verify
          </Button>
        </form>
      )}
      {others.length > 0 && (
        <div className="flex flex-col items-center gap-1 text-sm">
          {others.map((m) => (
            <a
              key={m}
              href={withQuery(withNext('/login/two-factor', next), { method: m })}
              className="text-fg-secondary underline underline-offset-2 hover:text-fg"
              onClick={(e) => {
                e.preventDefault();
                setMode(m);
              }}
            >
              {m === 'totp'
                ? 'Use your authenticator app'
                : m === 'webauthn'
                  ? 'Use a security key or passkey'
                  : 'Use a recovery code'}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}

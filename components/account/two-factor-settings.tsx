'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/types';
import { api, ApiError } from '@/lib/swr/fetcher';
import { TWO_FACTOR_PATH, useTwoFactor, type TwoFactorStatus } from '@/lib/swr/use-two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SectionCard } from '@/components/ui/section-card';
import type { FormNotice } from '@/lib/auth/form-errors';
import { formatDate, formatDateTime } from '@/lib/text/date-format';
import { RecoveryCodesShown } from './recovery-codes';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const messageOf = (err: unknown) => (err instanceof ApiError ? err.summary() : UNREACHABLE);

type Props = {
  /** The authenticator app's code form came back without the page's script (#58): refused, or the app added. */
  notice?: FormNotice;
  totpAdded?: boolean;
};

/** The account's second factors (#48): an authenticator app, security keys and passkeys, recovery codes. */
export function TwoFactorSettings({ notice, totpAdded = false }: Props) {
  const { data, error } = useTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const router = useRouter();
  // A first factor brings recovery codes; once enrolled, the organization's pages open again.
  const added = async (recoveryCodes: string[] | null) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    await mutate(TWO_FACTOR_PATH);
    router.refresh();
  };
  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="scroll-mt-4 space-y-4">
      <div>
        <h2 id="two-factor-title" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Asks for a code or a security key after your password or provider sign-in.
        </p>
      </div>
      {error && <FormError message={messageOf(error)} />}
      <FormError message={notice?.message} />
      {totpAdded && (
        <p role="status" className="rounded-md bg-success-soft p-3 text-sm text-success-fg">
          Authenticator app added. Its recovery codes are shown only once: generate new ones below and keep them safe.
        </p>
      )}
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}
      {data && (
        <>
          <TotpSection status={data} onAdded={added} />
          <KeysSection status={data} onAdded={added} />
          <RecoverySection status={data} onCodes={setCodes} />
        </>
      )}
    </section>
  );
}

function TotpSection({ status, onAdded }: { status: TwoFactorStatus; onAdded: (c: string[] | null) => void }) {
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function run(fn: () => Promise<void>) {
    setPending(true);
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <SectionCard title="Authenticator app">
      {status.totp.enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" data-testid="totp-status">
            On since {formatDate(status.totp.addedAt!)}.
          </p>
          <Button
            variant="danger-ghost"
            loading={pending}
            onClick={() =>
              void run(async () => {
                await api('/api/v1/auth/two-factor/totp', { method: 'DELETE' });
                await mutate(TWO_FACTOR_PATH);
              })
            }
          >
            Remove authenticator app
          </Button>
        </div>
      ) : setup ? (
        <form
          method="post"
          action="/api/forms/account/totp"
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const code = String(new FormData(e.currentTarget).get('code') ?? '');
            void run(async () => {
              const res = await api<{ recoveryCodes: string[] | null }>('/api/v1/auth/two-factor/totp', {
                method: 'POST',
                body: { code },
              });
              setSetup(null);
              onAdded(res.recoveryCodes);
            });
          }}
        >
          <p className="text-sm">Scan this QR code with your authenticator app, then enter the code it shows.</p>
          <div
            className="size-48 rounded-md bg-white p-2"
            role="img"
            aria-label="QR code of the authenticator secret"
            data-testid="totp-qr"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm break-all">
            Or enter this key by hand:{' '}
            <code className="rounded bg-surface-hover px-1.5 py-0.5 font-mono" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <Field
            name="code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <FormError message={error} />
          <Button type="submit" loading={pending}>
            Turn on
          </Button>
        </form>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-fg-muted">Use an app such as 1Password, Google Authenticator or Authy.</p>
          <Button
            loading={pending}
            onClick={() =>
              void run(async () => setSetup(await api('/api/v1/auth/two-factor/totp/setup', { method: 'POST' })))
            }
          >
            Set up authenticator app
          </Button>
          <FormError message={error} />
        </div>
      )}
      {status.totp.enabled && <FormError message={error} />}
    </SectionCard>
  );
}

function KeysSection({ status, onAdded }: { status: TwoFactorStatus; onAdded: (c: string[] | null) => void }) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function add(name: string) {
    setPending(true);
    setError(undefined);
    try {
      const options = await api<PublicKeyCredentialCreationOptionsJSON>('/api/v1/auth/two-factor/webauthn/options', {
        method: 'POST',
      });
      const response = await startRegistration(options);
      const res = await api<{ recoveryCodes: string[] | null }>('/api/v1/auth/two-factor/webauthn', {
        method: 'POST',
        body: { name, response },
      });
      onAdded(res.recoveryCodes);
    } catch (err) {
      setError(
        err instanceof ApiError || !(err instanceof Error) ? messageOf(err) : `The key did not answer: ${err.message}`,
      );
    } finally {
      setPending(false);
    }
  }
  async function remove(id: string) {
    setError(undefined);
    try {
      await api(`/api/v1/auth/two-factor/webauthn/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await mutate(TWO_FACTOR_PATH);
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <SectionCard title="Security keys and passkeys">
      {status.webauthn.length > 0 && (
        <ul className="divide-y divide-line" data-testid="webauthn-keys">
          {status.webauthn.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{k.name}</p>
                <p className="text-xs text-fg-muted">
                  Added {formatDate(k.createdAt)}
                  {k.lastUsedAt ? `, last used ${formatDateTime(k.lastUsedAt)}` : ', not used yet'}
                </p>
              </div>
              <Button variant="danger-ghost" onClick={() => void remove(k.id)} aria-label={`Remove ${k.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const name = String(new FormData(form).get('keyName') ?? '').trim() || 'Security key';
          void add(name).then(() => form.reset());
        }}
      >
        <div className="min-w-48 flex-1">
          <Field name="keyName" label="Name" placeholder="YubiKey, laptop passkey…" maxLength={64} />
        </div>
        <Button type="submit" variant="secondary" loading={pending}>
          Add security key or passkey
        </Button>
      </form>
      <FormError message={error} />
    </SectionCard>
  );
}

function RecoverySection({ status, onCodes }: { status: TwoFactorStatus; onCodes: (c: string[]) => void }) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!status.enabled) return null;
  return (
    <SectionCard title="Recovery codes">
      <p className="text-sm" data-testid="recovery-remaining">
        {status.recoveryCodes.remaining} of {status.recoveryCodes.total} recovery codes left. Each signs you in once
        when your app or key is not at hand.
      </p>
      <Button
        variant="secondary"
        loading={pending}
        onClick={async () => {
          setPending(true);
          setError(undefined);
          try {
            const res = await api<{ recoveryCodes: string[] }>('/api/v1/auth/two-factor/recovery-codes', {
              method: 'POST',
            });
            onCodes(res.recoveryCodes);
            await mutate(TWO_FACTOR_PATH);
          } catch (err) {
            setError(messageOf(err));
          } finally {
            setPending(false);
          }
        }}
      >
        Generate new recovery codes
      </Button>
      <FormError message={error} />
    </SectionCard>
  );
}

'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { createApiToken, revokeApiToken, useApiTokens, type ApiToken } from '@/lib/swr/use-api-tokens';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/api-tokens/scopes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { CopyButton } from '@/components/ui/copy-button';
import { useAction } from '@/components/ui/use-action';
import { RelativeTime } from '@/components/ui/relative-time';

const SCOPE_HINTS: Record<TokenScope, string> = {
  read: 'read issues, events, projects',
  write: 'change issues, projects, keys, alerts (and read)',
  releases: 'create releases, upload source maps (sentry-cli)',
};

/** Organization API tokens (admins): create with scopes, shown once; list with last use; revoke. */
export function ApiTokens() {
  const { tokens, error } = useApiTokens(true);
  const [created, setCreated] = useState<ApiToken & { token: string }>();
  const { busy: pending, error: formError, setError: setFormError, run } = useAction();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const scopes = TOKEN_SCOPES.filter((s) => data.get(`scope-${s}`) === 'on');
    if (await run(async () => setCreated(await createApiToken(String(data.get('name') ?? ''), scopes)))) form.reset();
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">API tokens</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        For CI and scripts: <code>Authorization: Bearer &lt;token&gt;</code> on the API, or{' '}
        <code>SENTRY_AUTH_TOKEN</code> for sentry-cli. A token acts for the whole organization. Coding agents that
        connect to the MCP server with OAuth are listed under{' '}
        <Link href="/settings/security" className="underline">
          Security → Connected MCP clients
        </Link>
        .
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
        <Field name="name" id="token-name" label="Name" autoComplete="off" required />
        <fieldset>
          <legend className="text-sm font-medium">Scopes</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {TOKEN_SCOPES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={`scope-${s}`} defaultChecked={s === 'releases'} />
                <span>
                  <span className="font-medium">{s}</span> <span className="text-fg-muted">— {SCOPE_HINTS[s]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError message={formError} />
        <Button type="submit" loading={pending}>
          Create token
        </Button>
      </form>
      {created && (
        <div role="status" className="mt-4 rounded-md bg-surface-muted p-3 text-sm" data-testid="created-token">
          <p className="font-medium">Copy this token now: it is not shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="break-all" data-testid="created-token-value">
              {created.token}
            </code>
            <CopyButton text={created.token} label="Copy token" />
          </div>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-4 text-sm text-danger-fg">
          {errorMessage(error)}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line-subtle" aria-label="API tokens">
          {(tokens ?? []).map((t) => (
            <TokenRow key={t.id} token={t} onError={setFormError} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function TokenRow({ token: t, onError }: { token: ApiToken; onError: (m: string) => void }) {
  const { busy: pending, run } = useAction();
  // The card shows a failed revoke above the list.
  const report = (err: unknown) => {
    const m = errorMessage(err);
    onError(m);
    return m;
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="api-token">
      <span className="font-medium">{t.name}</span>
      <code className="text-fg-muted">{t.tokenHint}…</code>
      <span className="text-fg-secondary">{t.scopes.join(', ')}</span>
      <span className="text-fg-muted">
        {t.lastUsedAt ? (
          <>
            used <RelativeTime iso={t.lastUsedAt} />
          </>
        ) : (
          'never used'
        )}
      </span>
      {t.inactiveReason === 'revoked' ? (
        <span className="ml-auto text-fg-muted">revoked</span>
      ) : t.inactiveReason === 'owner_left' ? (
        <span className="ml-auto text-fg-muted" title="Its owner is no longer a member of the organization">
          inactive: its owner left
        </span>
      ) : (
        <Button
          variant="secondary"
          className="ml-auto"
          loading={pending}
          onClick={() => run(() => revokeApiToken(t.id), report)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

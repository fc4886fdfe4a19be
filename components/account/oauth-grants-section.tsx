'use client';

import { errorMessage } from '@/lib/swr/fetcher';
import { revokeOAuthGrant, useOAuthGrants, type OAuthGrant } from '@/lib/swr/use-oauth-grants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { useAction } from '@/components/ui/use-action';

/**
 * The MCP clients (coding agents) the person connected with OAuth (#63), each for one organization with read or
 * write, beside the organization's API tokens: revoking one stops its tokens at once.
 */
export function OAuthGrantsSection() {
  const { grants, error, isLoading } = useOAuthGrants();
  const { error: actionError, setError } = useAction();
  return (
    <Card>
      <section aria-labelledby="oauth-grants-title">
        <h2 id="oauth-grants-title" className="text-base font-semibold">
          Connected MCP clients
        </h2>
        <p className="mt-1 text-sm text-fg-secondary">
          Coding agents you allowed to use the MCP server with OAuth. Each acts as you in one organization; revoke one
          you no longer use.
        </p>
        {(error || actionError) && (
          <p role="alert" className="mt-4 text-sm text-danger-fg">
            {error ? errorMessage(error) : actionError}
          </p>
        )}
        {isLoading || !grants ? (
          !error && <p className="mt-4 text-sm text-fg-muted">Loading…</p>
        ) : grants.length === 0 ? (
          <p className="mt-4 text-sm text-fg-muted">No MCP client is connected.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line-subtle" aria-label="Connected MCP clients">
            {grants.map((g) => (
              <GrantRow key={g.id} grant={g} onError={setError} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function GrantRow({ grant: g, onError }: { grant: OAuthGrant; onError: (m: string) => void }) {
  const { busy, run } = useAction();
  const report = (err: unknown) => {
    const m = errorMessage(err);
    onError(m);
    return m;
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="oauth-grant">
      <span className="font-medium">{g.clientName}</span>
      <span className="text-fg-secondary">{g.organization.name}</span>
      <span className="text-fg-secondary">{g.scopes.includes('write') ? 'read, write' : 'read'}</span>
      <span className="text-fg-muted">
        connected <RelativeTime iso={g.createdAt} /> ·{' '}
        {g.lastUsedAt ? (
          <>
            used <RelativeTime iso={g.lastUsedAt} />
          </>
        ) : (
          'never used'
        )}
      </span>
      {g.revokedAt ? (
        <span className="ml-auto text-fg-muted">revoked</span>
      ) : (
        <Button
          variant="secondary"
          className="ml-auto"
          loading={busy}
          aria-label={`Revoke ${g.clientName} (${g.organization.name})`}
          onClick={() => run(() => revokeOAuthGrant(g.id), report)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

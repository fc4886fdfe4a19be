'use client';

import { useState } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { revokeInvite, type PendingInvite } from '@/lib/swr/use-team';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { titleCase } from '@/components/issues/badges';

export function PendingInvites({
  invites,
  canRevoke,
  onError,
}: {
  invites: PendingInvite[];
  canRevoke: boolean;
  onError: (m: string) => void;
}) {
  const [busy, setBusy] = useState<string>();
  async function revoke(id: string) {
    setBusy(id);
    try {
      await revokeInvite(id);
    } catch (err) {
      onError(err instanceof ApiError ? err.summary() : 'Could not revoke the invite');
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <section className="rounded-xl border border-line bg-surface shadow-sm">
      <h2 className="border-b border-line px-4 py-3 text-base font-semibold sm:px-6">
        Pending invites ({invites.length})
      </h2>
      {invites.length === 0 ? (
        <p className="px-4 py-4 text-sm text-fg-muted sm:px-6">No invites waiting for an answer.</p>
      ) : (
        <ul className="divide-y divide-line-subtle" aria-label="Pending invites">
          {invites.map((i) => (
            <li
              key={i.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6"
              data-testid="invite-row"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{i.email}</p>
                <p className="text-xs text-fg-muted">
                  {titleCase(i.role)} · invited by {i.invitedBy ?? 'a former member'} · expires{' '}
                  <RelativeTime iso={i.expiresAt} />
                </p>
              </div>
              {canRevoke && (
                <Button
                  variant="danger-ghost"
                  className="h-9 px-3"
                  loading={busy === i.id}
                  aria-label={`Revoke the invite to ${i.email}`}
                  onClick={() => revoke(i.id)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

'use client';

import { useState } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { revokeOtherSessions, revokeSession, useSessions, type SignedInSession } from '@/lib/swr/use-sessions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { useToast } from '@/components/ui/toast';
import { RelativeTime } from '@/components/ui/relative-time';

/** The person's signed-in sessions (device, address, when), each revocable, and "sign out everywhere else". */
export function SessionsSection() {
  const { sessions, error, isLoading } = useSessions();
  const toast = useToast();
  const { run, announcement, announce, error: actionError, setError } = useAnnouncedActions();
  const [pendingAll, setPendingAll] = useState(false);
  const others = (sessions ?? []).filter((s) => !s.current).length;

  async function signOutOthers() {
    setPendingAll(true);
    await run(async () => {
      const n = await revokeOtherSessions();
      const done = n === 1 ? 'Signed out of 1 other session' : `Signed out of ${n} other sessions`;
      announce(done);
      toast.show({ message: done });
    });
    setPendingAll(false);
  }

  return (
    <Card>
      <section aria-labelledby="sessions-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="sessions-title" className="text-base font-semibold">
              Sessions
            </h2>
            <p className="mt-1 text-sm text-fg-secondary">
              Where your account is signed in. Revoke a session you do not recognize; changing your password signs out
              every other session.
            </p>
          </div>
          <Button variant="secondary" onClick={signOutOthers} loading={pendingAll} disabled={others === 0}>
            Sign out everywhere else
          </Button>
        </div>
        <div className="mt-4">
          <ActionFeedback announcement={announcement} error={actionError} />
        </div>
        {error ? (
          <p role="alert" className="mt-4 text-sm text-danger-fg">
            {errorMessage(error)}
          </p>
        ) : isLoading || !sessions ? (
          <p className="mt-4 text-sm text-fg-muted">Loading sessions…</p>
        ) : (
          <ul className="mt-2 divide-y divide-line-subtle" aria-label="Signed-in sessions">
            {sessions.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                onError={setError}
                onRevoked={(label) => {
                  const done = `Signed out ${label}`;
                  announce(done);
                  toast.show({ message: done });
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function SessionRow({
  session: s,
  onError,
  onRevoked,
}: {
  session: SignedInSession;
  onError: (m: string | undefined) => void;
  onRevoked: (label: string) => void;
}) {
  const [pending, setPending] = useState(false);
  const details = [s.browser, s.os].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm" data-testid="session-row">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{s.label}</span>
          {s.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="break-words text-fg-secondary">
          {details && <>{details} · </>}
          <span className="font-mono text-xs">{s.ipAddress ?? 'address unknown'}</span>
        </p>
        <p className="text-fg-muted">
          Signed in <RelativeTime iso={s.createdAt} /> ·{' '}
          {s.current ? (
            'active now'
          ) : (
            <>
              last seen <RelativeTime iso={s.lastSeenAt} />
            </>
          )}
        </p>
      </div>
      {!s.current && (
        <Button
          variant="secondary"
          loading={pending}
          aria-label={`Revoke ${s.label} (${s.ipAddress ?? 'address unknown'})`}
          onClick={async () => {
            setPending(true);
            onError(undefined);
            try {
              await revokeSession(s.id);
              onRevoked(s.label);
            } catch (err) {
              onError(errorMessage(err));
              setPending(false);
            }
          }}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

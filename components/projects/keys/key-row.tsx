'use client';

import { useState } from 'react';
import { deleteKey, updateKey } from '@/lib/swr/use-keys';
import type { ProjectKey } from '@/lib/swr/use-projects';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InlineRename } from '@/components/ui/inline-rename';
import { Input } from '@/components/ui/input';
import { useAction } from '@/components/ui/use-action';
import { DsnField, NATIVE_DSN_LABEL, SENTRY_DSN_LABEL } from '../dsn-field';

/** One client key: label (renamed in place), state, its two DSNs, and for ADMINs disable, delete and rate limit. */
export function KeyRow({
  projectId,
  k,
  announce,
  manage,
}: {
  projectId: string;
  k: ProjectKey;
  announce: (s: string) => void;
  manage: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { busy: pending, error, setError, run: attempt } = useAction();
  async function run(work: () => Promise<void>, done: string) {
    const ok = await attempt(work);
    if (ok) announce(done);
    return ok;
  }

  async function onRename(label: string) {
    if (!label) return setError('Label is required');
    if (await run(() => updateKey(projectId, k.id, { label }), `Key renamed to ${label}`)) setEditing(false);
  }

  return (
    <li className="space-y-2 p-4" data-testid="key-row" data-key-label={k.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {editing ? (
          <InlineRename
            id={`rename-key-${k.id}`}
            label={`New label for ${k.label}`}
            defaultValue={k.label}
            busy={pending}
            onSave={onRename}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="flex items-center gap-2">
            <h3 className="font-medium">{k.label}</h3>
            <Badge tone={k.enabled ? 'green' : 'neutral'} data-testid="key-state">
              {k.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </div>
        )}
        {!editing && manage && (
          <div className="flex flex-wrap gap-1">
            <Button
              variant="ghost"
              className="h-8 px-3"
              onClick={() => setEditing(true)}
              aria-label={`Rename ${k.label}`}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              className="h-8 px-3"
              disabled={pending}
              aria-label={`${k.enabled ? 'Disable' : 'Enable'} ${k.label}`}
              onClick={() =>
                run(
                  () => updateKey(projectId, k.id, { enabled: !k.enabled }),
                  `Key ${k.label} ${k.enabled ? 'disabled' : 'enabled'}`,
                )
              }
            >
              {k.enabled ? 'Disable' : 'Enable'}
            </Button>
            {confirmDelete ? (
              <>
                <Button
                  variant="danger"
                  className="h-8 px-3"
                  loading={pending}
                  aria-label={`Confirm deleting ${k.label}`}
                  onClick={() => run(() => deleteKey(projectId, k.id), `Key ${k.label} deleted`)}
                >
                  Confirm delete
                </Button>
                <Button variant="ghost" className="h-8 px-3" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button
                variant="danger-ghost"
                className="h-8 px-3"
                onClick={() => setConfirmDelete(true)}
                aria-label={`Delete ${k.label}`}
              >
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
      <DsnField
        label={SENTRY_DSN_LABEL}
        value={k.sentryDsn}
        copyLabel={`Copy Sentry SDK DSN of ${k.label}`}
        testId="key-sentry-dsn"
        size="xs"
      />
      <DsnField
        label={NATIVE_DSN_LABEL}
        value={k.dsn}
        copyLabel={`Copy native protocol DSN of ${k.label}`}
        testId="key-dsn"
        size="xs"
      />
      {manage && (
        <RateLimitForm
          k={k}
          busy={pending}
          onInvalid={setError}
          onSave={(value) =>
            run(
              () => updateKey(projectId, k.id, { rateLimitPerMinute: value }),
              value === null
                ? `Key ${k.label} uses the server's rate limit`
                : `Key ${k.label} limited to ${value} events a minute`,
            )
          }
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </li>
  );
}

/** The key's own rate limit in events a minute; empty for the server's. */
function RateLimitForm({
  k,
  busy,
  onInvalid,
  onSave,
}: {
  k: ProjectKey;
  busy: boolean;
  onInvalid: (message: string) => void;
  onSave: (value: number | null) => void;
}) {
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const raw = String(new FormData(e.currentTarget).get('rate') ?? '').trim();
        const value = raw === '' ? null : Number(raw);
        if (value !== null && (!Number.isInteger(value) || value < 1))
          return onInvalid('The rate limit is a whole number of events a minute, at least 1');
        onSave(value);
      }}
    >
      <label htmlFor={`rate-${k.id}`} className="text-fg-secondary">
        Rate limit
      </label>
      <div className="w-32">
        <Input
          id={`rate-${k.id}`}
          name="rate"
          inputMode="numeric"
          defaultValue={k.rateLimitPerMinute ?? ''}
          placeholder="server default"
        />
      </div>
      <span className="text-fg-muted">events a minute</span>
      <Button
        type="submit"
        variant="ghost"
        className="h-8 px-3"
        disabled={busy}
        aria-label={`Save the rate limit of ${k.label}`}
      >
        Save
      </Button>
    </form>
  );
}

'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { createKey, deleteKey, updateKey, useKeys } from '@/lib/swr/use-keys';
import type { ProjectKey } from '@/lib/swr/use-projects';
import { createKeySchema } from '@/lib/zod/projects';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { DsnField, NATIVE_DSN_LABEL, SENTRY_DSN_LABEL } from './dsn-field';

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

/** Client keys: create with a label, rename, disable/enable, delete, copy the DSN. */
export function KeysPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { keys, error, isLoading } = useKeys(projectId);
  const [announcement, setAnnouncement] = useState('');

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-base font-semibold">Client keys</h2>
        <p className="mt-1 text-sm text-fg-muted">
          Each key has its own DSNs: the Sentry SDK DSN for Sentry&rsquo;s SDKs, the native protocol DSN for this
          server&rsquo;s own library and JSON API. A disabled or deleted key is refused at ingest with 401.
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error ? (
        <ErrorState error={error} title="Could not load the keys" />
      ) : isLoading || !keys ? (
        <LoadingState label="Loading keys" />
      ) : keys.length === 0 ? (
        <p className="rounded-md border border-dashed border-line-strong p-4 text-sm text-fg-muted">
          No keys. Create one to send events.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Client keys">
          {keys.map((k) => (
            <KeyRow key={k.id} projectId={projectId} k={k} announce={setAnnouncement} manage={manage} />
          ))}
        </ul>
      )}
      {manage && <CreateKeyForm projectId={projectId} announce={setAnnouncement} />}
    </Card>
  );
}

function CreateKeyForm({ projectId, announce }: { projectId: string; announce: (s: string) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setError(undefined);
    const parsed = createKeySchema.safeParse({ label: new FormData(form).get('label') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    try {
      await createKey(projectId, parsed.data.label);
      announce(`Key ${parsed.data.label} created`);
      form.reset();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors().label ?? err.summary()) : messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field
          name="label"
          label="New key label"
          placeholder="e.g. Production"
          autoComplete="off"
          required
          error={error}
        />
      </div>
      <Button type="submit" variant="secondary" loading={pending} className="sm:mt-6">
        Create key
      </Button>
    </form>
  );
}

function KeyRow({
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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function run(action: () => Promise<void>, done: string) {
    setPending(true);
    setError(undefined);
    try {
      await action();
      announce(done);
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    } finally {
      setPending(false);
    }
  }

  async function onRename(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const label = String(new FormData(e.currentTarget).get('label') ?? '').trim();
    if (!label) return setError('Label is required');
    if (await run(() => updateKey(projectId, k.id, { label }), `Key renamed to ${label}`)) setEditing(false);
  }

  return (
    <li className="space-y-2 p-4" data-testid="key-row" data-key-label={k.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {editing ? (
          <form onSubmit={onRename} className="flex items-center gap-2">
            {/* Input is full width by design: the wrapper sets its width. */}
            <div className="w-48 max-w-full">
              <Input name="label" aria-label={`New label for ${k.label}`} defaultValue={k.label} autoFocus />
            </div>
            <Button type="submit" variant="secondary" className="h-8 px-3" loading={pending}>
              Save
            </Button>
            <Button variant="ghost" className="h-8 px-3" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
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
        <form
          className="flex flex-wrap items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            const raw = String(new FormData(e.currentTarget).get('rate') ?? '').trim();
            const value = raw === '' ? null : Number(raw);
            if (value !== null && (!Number.isInteger(value) || value < 1))
              return setError('The rate limit is a whole number of events a minute, at least 1');
            void run(
              () => updateKey(projectId, k.id, { rateLimitPerMinute: value }),
              value === null
                ? `Key ${k.label} uses the server's rate limit`
                : `Key ${k.label} limited to ${value} events a minute`,
            );
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
            disabled={pending}
            aria-label={`Save the rate limit of ${k.label}`}
          >
            Save
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </li>
  );
}

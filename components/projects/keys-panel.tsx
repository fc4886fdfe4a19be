'use client';

import { useState } from 'react';
import { useKeys } from '@/lib/swr/use-keys';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CreateKeyForm } from './keys/create-key-form';
import { KeyRow } from './keys/key-row';

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

'use client';

import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/swr/fetcher';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';

/** OWNER only: typing the organization's name arms the button; everything in it is deleted. */
export function DeleteOrganization({ name }: { name: string }) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await api('/api/v1/organization', { method: 'DELETE' });
      enterDashboard();
    } catch (err) {
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
      setPending(false);
    }
  }
  return (
    <Card tone="danger-outline">
      <h2 className="text-base font-semibold text-danger-fg">Delete the organization</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Deletes <strong>{name}</strong> with all its projects, issues, events, alert rules, keys, members and invites.
        This cannot be undone.
      </p>
      <form onSubmit={onSubmit} className="mt-4 flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            name="confirm-org"
            label={`Type ${name} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" variant="danger" disabled={typed !== name} loading={pending} className="sm:mt-6">
          Delete organization
        </Button>
      </form>
    </Card>
  );
}

'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import { api, ApiError } from '@/lib/swr/fetcher';
import { useRole } from '@/lib/swr/use-me';
import { projectPath } from '@/lib/swr/use-projects';
import { plural } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { useToast } from '@/components/ui/toast';

type Mode = 'delete' | 'discard';

/**
 * Delete the issue with its events (ADMIN and above), or delete and discard: its later events are dropped before
 * the quota (undo in the project's settings). Each asks for a second click that says what it will do.
 */
export function DeleteIssue({
  projectId,
  issue,
}: {
  projectId: string;
  issue: { id: string; title: string; eventCount: number };
}) {
  const { can } = useRole();
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Mode | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  if (!can('ADMIN')) return null;

  async function run(mode: Mode) {
    setPending(true);
    setError(undefined);
    try {
      const base = `${projectPath(projectId)}/issues/${encodeURIComponent(issue.id)}`;
      await api(mode === 'discard' ? `${base}/discard` : base, { method: mode === 'discard' ? 'POST' : 'DELETE' });
      await mutate((key) => typeof key === 'string' && key.startsWith(`${projectPath(projectId)}/issues`));
      toast.show({ message: mode === 'discard' ? 'Issue deleted; its new events will be discarded' : 'Issue deleted' });
      router.push(`/projects/${encodeURIComponent(projectId)}/issues`);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
      setPending(false);
    }
  }

  return (
    <Card className="space-y-3" data-testid="delete-issue">
      <h2 className="text-base font-semibold">Delete</h2>
      <p className="text-sm text-fg-secondary">
        Deleting removes this issue and its {plural(issue.eventCount, 'event')} for good. “Delete and discard” also
        drops its new events when they arrive, before they count against your quota (the project&rsquo;s settings can
        undo that).
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="danger" loading={pending} onClick={() => run(confirming)}>
            {confirming === 'discard' ? 'Confirm delete and discard' : 'Confirm delete'}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setConfirming('delete')}>
            Delete issue…
          </Button>
          <Button variant="secondary" onClick={() => setConfirming('discard')}>
            Delete and discard…
          </Button>
        </div>
      )}
      <FormError message={error} />
    </Card>
  );
}

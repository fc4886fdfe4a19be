'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import { api } from '@/lib/swr/fetcher';
import { issuePath, issuesHref } from '@/lib/swr/use-issues';
import { useRole } from '@/lib/swr/use-me';
import { projectPath } from '@/lib/swr/use-projects';
import { plural } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { useToast } from '@/components/ui/toast';
import { useAction } from '@/components/ui/use-action';

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
  const { busy: pending, error, run: attempt } = useAction();
  if (!can('ADMIN')) return null;

  const run = (mode: Mode) =>
    attempt(async () => {
      const base = issuePath(projectId, issue.id);
      await api(mode === 'discard' ? `${base}/discard` : base, { method: mode === 'discard' ? 'POST' : 'DELETE' });
      await mutate((key) => typeof key === 'string' && key.startsWith(`${projectPath(projectId)}/issues`));
      toast.show({ message: mode === 'discard' ? 'Issue deleted; its new events will be discarded' : 'Issue deleted' });
      router.push(issuesHref(projectId));
    });

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

'use client';

import { useState } from 'react';
import type { IgnoreCondition, IssueStatusValue } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import { resolveInNextRelease, setIssueStatus, type IssueWithEvents } from '@/lib/swr/use-issues';
import { useToast } from '@/components/ui/toast';

export type IssueAction = IssueStatusValue | 'NEXT_RELEASE';

export const ACTIONS: Record<IssueStatusValue, { label: string; variant: 'primary' | 'secondary'; done: string }> = {
  RESOLVED: { label: 'Resolve', variant: 'primary', done: 'Issue resolved' },
  IGNORED: { label: 'Ignore', variant: 'secondary', done: 'Issue ignored' },
  UNRESOLVED: { label: 'Unresolve', variant: 'secondary', done: 'Issue marked unresolved' },
};

/** The API's reason, with its field-level detail when there is one (e.g. no release seen yet). */
const failureOf = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fieldErrors())[0] ?? err.summary())
    : 'Could not update the issue. Try again.';

/** The issue page's status changes: each confirmed by a toast (with Undo), a failure kept beside the buttons. */
export function useIssueActions(projectId: string, issue: IssueWithEvents) {
  const [pending, setPending] = useState<IssueAction>();
  const [error, setError] = useState<string>();
  const toast = useToast();

  async function run(action: IssueAction, work: () => Promise<unknown>, onDone: () => void) {
    setPending(action);
    setError(undefined);
    try {
      await work();
      onDone();
    } catch (err) {
      setError(failureOf(err));
    } finally {
      setPending(undefined);
    }
  }

  function change(action: IssueAction) {
    const before = issue.status;
    return run(
      action,
      () =>
        action === 'NEXT_RELEASE'
          ? resolveInNextRelease(projectId, issue.id)
          : setIssueStatus({ projectId, issueId: issue.id, status: action }),
      // The toast is the visible (and politely announced) confirmation; Undo puts the old status back.
      () =>
        toast.show({
          message:
            action === 'NEXT_RELEASE'
              ? 'Issue resolved until an event of a newer release arrives'
              : ACTIONS[action].done,
          undo: async () => {
            // The buttons wait for the undo, so the next action starts from the status it restored.
            setPending(before);
            try {
              await setIssueStatus({ projectId, issueId: issue.id, status: before });
            } catch (err) {
              toast.show({
                tone: 'error',
                message: err instanceof ApiError ? err.summary() : 'Could not undo. Try again.',
              });
            } finally {
              setPending(undefined);
            }
          },
        }),
    );
  }

  function ignoreUntil(ignore: IgnoreCondition, label: string) {
    return run(
      'IGNORED',
      () => setIssueStatus({ projectId, issueId: issue.id, status: 'IGNORED', ignore }),
      () => toast.show({ message: `Issue ignored ${label}` }),
    );
  }

  return { pending, error, change, ignoreUntil };
}

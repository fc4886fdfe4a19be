'use client';

import { useCallback, useState } from 'react';
import type { IssueStatusValue } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import { bulkSetIssueStatus, mergeIssues, setIssueStatus, type IssueList } from '@/lib/swr/use-issues';
import { plural } from '@/lib/text/plural';
import { useToast, type ToastInput } from '@/components/ui/toast';
import { VERBS } from './verbs';

/** Sets each issue back to the status it had, one request per status. */
async function restore(projectId: string, previous: Map<string, IssueStatusValue>) {
  const byStatus = new Map<IssueStatusValue, string[]>();
  for (const [id, s] of previous) byStatus.set(s, [...(byStatus.get(s) ?? []), id]);
  for (const [s, ids] of byStatus) {
    if (ids.length === 1) await setIssueStatus({ projectId, issueId: ids[0], status: s });
    else await bulkSetIssueStatus(projectId, ids, s);
  }
}

/**
 * The list's triage of several issues at once: a status change (with Undo) or a merge, one at a time, each
 * reported by a toast; `onDone` clears the selection.
 */
export function useBulkTriage(projectId: string, issues: IssueList['issues'], onDone: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const bulk = useCallback(
    async (work: () => Promise<ToastInput>, failure: string) => {
      if (busy) return;
      setBusy(true);
      try {
        const done = await work();
        onDone();
        toast.show({ tone: 'success', ...done });
      } catch (err) {
        toast.show({ message: err instanceof ApiError ? err.message : failure, tone: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [busy, onDone, toast],
  );

  const apply = useCallback(
    async (ids: string[], next: IssueStatusValue) => {
      if (ids.length === 0) return;
      const previous = new Map<string, IssueStatusValue>();
      for (const i of issues) if (ids.includes(i.id) && i.status !== next) previous.set(i.id, i.status);
      await bulk(async () => {
        if (ids.length === 1) await setIssueStatus({ projectId, issueId: ids[0], status: next });
        else await bulkSetIssueStatus(projectId, ids, next);
        return {
          message: `${VERBS[next].done} ${plural(ids.length, 'issue')}`,
          undo: previous.size > 0 ? () => restore(projectId, previous) : undefined,
        };
      }, 'Could not update the issues. Try again.');
    },
    [bulk, issues, projectId],
  );

  const merge = useCallback(
    (ids: string[]) =>
      bulk(async () => {
        const { issue } = await mergeIssues(projectId, ids);
        return { message: `Merged ${plural(ids.length, 'issue')} into “${issue.title}”` };
      }, 'Could not merge the issues. Try again.'),
    [bulk, projectId],
  );

  return { busy, apply, merge };
}

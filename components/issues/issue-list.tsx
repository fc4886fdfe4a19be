'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import type { IssueSort, IssueStatusValue } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import { bulkSetIssueStatus, issuesKey, mergeIssues, setIssueStatus, useIssues } from '@/lib/swr/use-issues';
import { plural } from '@/lib/text/plural';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { Pagination } from '@/components/dashboard/pagination';
import { ShortcutLegend } from './shortcut-legend';
import { IssueSearchBox, type QueryProblem } from './issue-search-box';
import { IssueFilterBar } from './issue-filter-bar';
import { IssueTable, VERBS } from './issue-table';
import { useIssueQuery } from './use-issue-query';
import { PageHeader } from '@/components/ui/page-header';

/** Keys typed into a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

const SORT_CAPTIONS: Record<IssueSort, string> = {
  lastSeen: 'most recently seen first',
  firstSeen: 'newest first',
  events: 'most events first',
  users: 'most users affected first',
};

/** Sets each issue back to the status it had, one request per status. */
async function restore(projectId: string, previous: Map<string, IssueStatusValue>) {
  const byStatus = new Map<IssueStatusValue, string[]>();
  for (const [id, s] of previous) byStatus.set(s, [...(byStatus.get(s) ?? []), id]);
  for (const [s, ids] of byStatus) {
    if (ids.length === 1) await setIssueStatus({ projectId, issueId: ids[0], status: s });
    else await bulkSetIssueStatus(projectId, ids, s);
  }
}

export function IssueList({ projectId }: { projectId: string }) {
  const router = useRouter();
  const toast = useToast();
  const q = useIssueQuery();
  const { list, error, isLoading } = useIssues(projectId, q.filters);
  const problem: QueryProblem | undefined =
    error instanceof ApiError && error.status === 400
      ? { message: error.issues[0]?.message ?? error.message, position: error.issues[0]?.position }
      : undefined;

  const [cursor, setCursor] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);

  const refused = problem !== undefined;
  const issues = useMemo(() => (refused ? [] : (list?.issues ?? [])), [list, refused]);
  // New filters start over; a shorter list pulls the cursor back onto it (both during render, not in an effect).
  const filterKey = JSON.stringify(q.filters);
  const [listedFor, setListedFor] = useState(filterKey);
  if (filterKey !== listedFor) {
    setListedFor(filterKey);
    setCursor(0);
    setChecked(new Set());
  }
  const lastRow = Math.max(0, issues.length - 1);
  if (cursor > lastRow) setCursor(lastRow);

  const apply = useCallback(
    async (ids: string[], next: IssueStatusValue) => {
      if (ids.length === 0 || busy) return;
      const previous = new Map<string, IssueStatusValue>();
      for (const i of issues) if (ids.includes(i.id) && i.status !== next) previous.set(i.id, i.status);
      setBusy(true);
      try {
        if (ids.length === 1) await setIssueStatus({ projectId, issueId: ids[0], status: next });
        else await bulkSetIssueStatus(projectId, ids, next);
        setChecked(new Set());
        toast.show({
          message: `${VERBS[next].done} ${plural(ids.length, 'issue')}`,
          tone: 'success',
          undo: previous.size > 0 ? () => restore(projectId, previous) : undefined,
        });
      } catch (err) {
        toast.show({
          message: err instanceof ApiError ? err.message : 'Could not update the issues. Try again.',
          tone: 'error',
        });
      } finally {
        setBusy(false);
      }
    },
    [busy, issues, projectId, toast],
  );

  async function merge(ids: string[]) {
    if (busy) return;
    setBusy(true);
    try {
      const { issue } = await mergeIssues(projectId, ids);
      setChecked(new Set());
      toast.show({ message: `Merged ${plural(ids.length, 'issue')} into “${issue.title}”`, tone: 'success' });
    } catch (err) {
      toast.show({
        message: err instanceof ApiError ? err.message : 'Could not merge the issues. Try again.',
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  const toggle = useCallback((id: string) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || issues.length === 0) return;
      const current = issues[Math.min(cursor, issues.length - 1)];
      // Shortcuts act on the checked issues when there are some, else on the highlighted one.
      const targets = checked.size > 0 ? [...checked] : current ? [current.id] : [];
      const move = (to: number) => {
        const i = Math.max(0, Math.min(issues.length - 1, to));
        setCursor(i);
        rows.current[i]?.scrollIntoView({ block: 'nearest' });
      };
      switch (e.key) {
        case 'j':
          move(cursor + 1);
          break;
        case 'k':
          move(cursor - 1);
          break;
        case 'x':
          if (current) toggle(current.id);
          break;
        case 'r':
          void apply(targets, 'RESOLVED');
          break;
        case 'i':
          void apply(targets, 'IGNORED');
          break;
        case 'u':
          void apply(targets, 'UNRESOLVED');
          break;
        case 'Enter': {
          // Enter on a focused link or button already does what it says.
          const t = e.target as HTMLElement;
          if (t.closest('a, button') || !current) return;
          router.push(`${q.pathname}/${encodeURIComponent(current.id)}`);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [apply, checked, cursor, issues, q.pathname, router, toggle]);

  return (
    <div className="space-y-4">
      <PageHeader title="Issues" />
      <IssueSearchBox query={q.query} problem={problem} onSearch={q.setQuery} />
      <IssueFilterBar query={q.query} sort={q.sort} onQuery={q.setQuery} onSort={(s) => q.setSort(s)} />

      {problem ? null : error && !list ? (
        <ErrorState error={error} title="Could not load issues" retry={() => mutate(issuesKey(projectId, q.filters))} />
      ) : isLoading || !list ? (
        <LoadingState label="Loading issues" />
      ) : issues.length === 0 ? (
        <EmptyIssues projectId={projectId} filtered={q.filtered} clearHref={q.clearHref} />
      ) : (
        <IssueTable
          issues={issues}
          total={list.pagination.total}
          totalCapped={list.pagination.totalCapped}
          hrefOf={(issue) => `${q.pathname}/${encodeURIComponent(issue.id)}`}
          cursor={cursor}
          checked={checked}
          busy={busy}
          rows={rows}
          caption={`Issues, ${SORT_CAPTIONS[q.sort]}`}
          onToggle={toggle}
          onToggleAll={() =>
            setChecked(issues.every((i) => checked.has(i.id)) ? new Set() : new Set(issues.map((i) => i.id)))
          }
          onFocusRow={setCursor}
          onAction={(ids, s) => void apply(ids, s)}
          onMerge={(ids) => void merge(ids)}
        />
      )}

      {!problem && list && list.pagination.total > 0 && (
        <Pagination
          label="Issue pages"
          page={list.pagination.page}
          pages={list.pagination.pages}
          total={list.pagination.total}
          totalCapped={list.pagination.totalCapped}
          noun="issues"
          nounOne="issue"
          hrefFor={(p) => q.hrefWith({ page: p > 1 ? String(p) : undefined })}
        />
      )}
      <ShortcutLegend />
    </div>
  );
}

function EmptyIssues({ projectId, filtered, clearHref }: { projectId: string; filtered: boolean; clearHref: string }) {
  return (
    <Card className="px-6 py-14 text-center">
      {filtered ? (
        <>
          <h2 className="text-lg font-semibold">No issues match these filters</h2>
          <p className="mt-2 text-sm text-fg-muted">
            <Link href={clearHref} className="font-medium text-link underline-offset-4 hover:underline">
              Clear the filters
            </Link>{' '}
            to see every issue.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">No unresolved issues</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
            Errors your app sends appear here, grouped by type and stack trace.{' '}
            <Link href={clearHref} className="font-medium text-link underline-offset-4 hover:underline">
              Show every issue
            </Link>{' '}
            or{' '}
            <Link
              href={`/projects/${encodeURIComponent(projectId)}`}
              className="font-medium text-link underline-offset-4 hover:underline"
            >
              set up the client library
            </Link>
            .
          </p>
        </>
      )}
    </Card>
  );
}

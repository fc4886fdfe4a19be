'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import type { IssueSort } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import { issuesKey, useIssues } from '@/lib/swr/use-issues';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { Pagination } from '@/components/dashboard/pagination';
import { ShortcutLegend } from './shortcut-legend';
import { IssueSearchBox, type QueryProblem } from './issue-search-box';
import { IssueFilterBar } from './issue-filter-bar';
import { IssueTable } from './issue-table';
import { EmptyIssues } from './list/empty-issues';
import { useBulkTriage } from './list/use-bulk-triage';
import { useIssueShortcuts } from './list/use-issue-shortcuts';
import { useIssueQuery } from './use-issue-query';
import { PageHeader } from '@/components/ui/page-header';

const SORT_CAPTIONS: Record<IssueSort, string> = {
  lastSeen: 'most recently seen first',
  firstSeen: 'newest first',
  events: 'most events first',
  users: 'most users affected first',
};

/** The project's issues: search, filters, the table with bulk triage and keyboard shortcuts, and paging. */
export function IssueList({ projectId }: { projectId: string }) {
  const router = useRouter();
  const q = useIssueQuery();
  const { list, error, isLoading } = useIssues(projectId, q.filters);
  const problem: QueryProblem | undefined =
    error instanceof ApiError && error.status === 400
      ? { message: error.issues[0]?.message ?? error.message, position: error.issues[0]?.position }
      : undefined;

  const [cursor, setCursor] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
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

  const toggle = useCallback((id: string) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const clear = useCallback(() => setChecked(new Set()), []);
  const { busy, apply, merge } = useBulkTriage(projectId, issues, clear);
  const ids = useMemo(() => issues.map((i) => i.id), [issues]);
  const open = useCallback(
    (id: string) => router.push(`${q.pathname}/${encodeURIComponent(id)}`),
    [q.pathname, router],
  );
  useIssueShortcuts({ ids, cursor, checked, rows, setCursor, toggle, apply, open });

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

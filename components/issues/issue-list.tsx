'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { mutate } from 'swr';
import { ASSIGNEE_FILTERS, ISSUE_STATUSES, LEVELS, type IssueStatusValue, type LevelValue } from '@/lib/zod/issues';
import { ApiError } from '@/lib/swr/fetcher';
import { bulkSetIssueStatus, issuesKey, setIssueStatus, useIssues, type Issue } from '@/lib/swr/use-issues';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Label } from '@/components/ui/label';
import { ErrorState, LoadingState } from '@/components/dashboard/states';
import { Pagination } from '@/components/dashboard/pagination';
import { LevelBadge, StatusBadge, titleCase } from './badges';
import { RelativeTime } from './relative-time';
import { ShortcutLegend } from './shortcut-legend';
import { ActionFeedback } from '@/components/ui/action-feedback';

const PAGE_SIZE = 25;

const VERBS: Record<IssueStatusValue, { label: string; done: string }> = {
  RESOLVED: { label: 'Resolve', done: 'Resolved' },
  IGNORED: { label: 'Ignore', done: 'Ignored' },
  UNRESOLVED: { label: 'Unresolve', done: 'Marked unresolved' },
};

function pick<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

/** Keys typed into a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

const selectClass =
  'block h-9 rounded-md border border-line-strong bg-surface px-3 text-sm focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30';

export function IssueList({ projectId }: { projectId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = pick(ISSUE_STATUSES, params.get('status'));
  const level = pick(LEVELS, params.get('level'));
  const assignee = pick(ASSIGNEE_FILTERS, params.get('assignee'));
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filters = { page, limit: PAGE_SIZE, status, level, assignee };
  const { list, error, isLoading } = useIssues(projectId, filters);

  const [cursor, setCursor] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string>();
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);

  const issues = useMemo(() => list?.issues ?? [], [list]);
  const filterKey = `${status}|${level}|${assignee}|${page}`;
  useEffect(() => {
    setCursor(0);
    setChecked(new Set());
  }, [filterKey]);
  useEffect(() => {
    setCursor((c) => Math.min(c, Math.max(0, issues.length - 1)));
  }, [issues.length]);

  const hrefWith = useCallback(
    (changes: Record<string, string | undefined>) => {
      const q = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') q.delete(k);
        else q.set(k, v);
      }
      const s = q.toString();
      return s ? `${pathname}?${s}` : pathname;
    },
    [params, pathname],
  );

  const apply = useCallback(
    async (ids: string[], next: IssueStatusValue) => {
      if (ids.length === 0 || busy) return;
      setBusy(true);
      setActionError(undefined);
      try {
        if (ids.length === 1) await setIssueStatus(projectId, ids[0], next);
        else await bulkSetIssueStatus(projectId, ids, next);
        setAnnouncement(`${VERBS[next].done} ${ids.length} ${ids.length === 1 ? 'issue' : 'issues'}`);
        setChecked(new Set());
      } catch (err) {
        setActionError(err instanceof ApiError ? err.message : 'Could not update the issues. Try again.');
      } finally {
        setBusy(false);
      }
    },
    [busy, projectId],
  );

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
          router.push(`${pathname}/${encodeURIComponent(current.id)}`);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [apply, checked, cursor, issues, pathname, router, toggle]);

  const allChecked = issues.length > 0 && issues.every((i) => checked.has(i.id));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Issues</h1>
        <div className="flex flex-wrap gap-3">
          <div className="space-y-1">
            <Label htmlFor="filter-status">Status</Label>
            <select
              id="filter-status"
              className={selectClass}
              value={status ?? ''}
              onChange={(e) => router.push(hrefWith({ status: e.target.value, page: undefined }), { scroll: false })}
            >
              <option value="">All statuses</option>
              {ISSUE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {titleCase(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="filter-level">Level</Label>
            <select
              id="filter-level"
              className={selectClass}
              value={level ?? ''}
              onChange={(e) => router.push(hrefWith({ level: e.target.value, page: undefined }), { scroll: false })}
            >
              <option value="">All levels</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {titleCase(l)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="filter-assignee">Assignee</Label>
            <select
              id="filter-assignee"
              className={selectClass}
              value={assignee ?? ''}
              onChange={(e) => router.push(hrefWith({ assignee: e.target.value, page: undefined }), { scroll: false })}
            >
              <option value="">Anyone</option>
              <option value="me">Assigned to me</option>
              <option value="none">Unassigned</option>
            </select>
          </div>
        </div>
      </div>

      <ActionFeedback announcement={announcement} error={actionError} />

      {error && !list ? (
        <ErrorState error={error} title="Could not load issues" retry={() => mutate(issuesKey(projectId, filters))} />
      ) : isLoading || !list ? (
        <LoadingState label="Loading issues" />
      ) : issues.length === 0 ? (
        <EmptyIssues projectId={projectId} filtered={!!(status || level || assignee || page > 1)} clearHref={pathname} />
      ) : (
        <div className="relative overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
          <div className="flex min-h-12 flex-wrap items-center gap-2 border-b border-line bg-surface-muted px-4 py-2" aria-label="Bulk actions" role="toolbar">
            <input
              type="checkbox"
              aria-label="Select all issues on this page"
              className="size-4 accent-fg"
              checked={allChecked}
              onChange={() => setChecked(allChecked ? new Set() : new Set(issues.map((i) => i.id)))}
            />
            <span className="mr-2 text-sm text-fg-secondary" data-testid="checked-count">
              {checked.size > 0 ? `${checked.size} selected` : `${list.pagination.total.toLocaleString('en-US')} issues`}
            </span>
            {checked.size > 0 &&
              (['RESOLVED', 'IGNORED', 'UNRESOLVED'] as const).map((s) => (
                <Button key={s} variant="secondary" className="h-8 px-3" disabled={busy} onClick={() => apply([...checked], s)}>
                  {VERBS[s].label}
                </Button>
              ))}
          </div>
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Issues, most recently seen first</caption>
              <thead className="border-b border-line text-left text-xs font-medium tracking-wide text-fg-muted uppercase">
                <tr>
                  <th scope="col" className="w-10 px-4 py-2">
                    <span className="sr-only">Selected</span>
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Issue
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Events
                  </th>
                  <th scope="col" className="hidden px-2 py-2 md:table-cell">
                    First seen
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Last seen
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line-subtle">
                {issues.map((issue, i) => (
                  <IssueRow
                    key={issue.id}
                    ref={(el) => {
                      rows.current[i] = el;
                    }}
                    issue={issue}
                    href={`${pathname}/${encodeURIComponent(issue.id)}`}
                    highlighted={i === cursor}
                    checked={checked.has(issue.id)}
                    busy={busy}
                    onToggle={() => toggle(issue.id)}
                    onFocusRow={() => setCursor(i)}
                    onAction={(s) => apply([issue.id], s)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {list && list.pagination.total > 0 && (
        <Pagination
          label="Issue pages"
          page={list.pagination.page}
          pages={list.pagination.pages}
          total={list.pagination.total}
          noun="issues"
          hrefFor={(p) => hrefWith({ page: p > 1 ? String(p) : undefined })}
        />
      )}
      <ShortcutLegend />
    </div>
  );
}

type RowProps = {
  issue: Issue;
  href: string;
  highlighted: boolean;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  onFocusRow: () => void;
  onAction: (status: IssueStatusValue) => void;
  ref: (el: HTMLTableRowElement | null) => void;
};

function IssueRow({ issue, href, highlighted, checked, busy, onToggle, onFocusRow, onAction, ref }: RowProps) {
  const actions: IssueStatusValue[] = issue.status === 'UNRESOLVED' ? ['RESOLVED', 'IGNORED'] : ['UNRESOLVED'];
  return (
    <tr
      ref={ref}
      data-testid="issue-row"
      data-issue-id={issue.id}
      aria-current={highlighted ? 'true' : undefined}
      onFocus={onFocusRow}
      className={cn('align-top transition-colors', highlighted ? 'bg-info-soft/70 shadow-[inset_3px_0_0_0_var(--color-focus)]' : 'hover:bg-surface-muted', checked && 'bg-info-soft')}
    >
      <td className="px-4 py-3">
        <input type="checkbox" className="mt-0.5 size-4 accent-fg" aria-label={`Select ${issue.title}`} checked={checked} onChange={onToggle} />
      </td>
      <td className="max-w-0 min-w-64 px-2 py-3">
        <Link href={href} className="block truncate font-semibold text-fg hover:underline focus-visible:outline-2 focus-visible:outline-focus" title={issue.title}>
          {issue.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <LevelBadge level={issue.level} />
          <StatusBadge status={issue.status} />
          {issue.culprit && <span className="truncate font-mono">{issue.culprit}</span>}
          <span data-testid="issue-assignee">{issue.assignee ? `Assigned to ${issue.assignee.name}` : 'Unassigned'}</span>
        </div>
      </td>
      <td className="px-2 py-3 text-right font-medium tabular-nums" data-testid="event-count">
        {issue.eventCount.toLocaleString('en-US')}
      </td>
      <td className="hidden px-2 py-3 whitespace-nowrap text-fg-secondary md:table-cell">
        <RelativeTime iso={issue.firstSeen} />
      </td>
      <td className="px-2 py-3 whitespace-nowrap text-fg-secondary">
        <RelativeTime iso={issue.lastSeen} />
      </td>
      <td className="px-4 py-2 text-right whitespace-nowrap">
        {actions.map((s) => (
          <Button key={s} variant="ghost" className="h-8 px-2 text-xs" disabled={busy} aria-label={`${VERBS[s].label} ${issue.title}`} onClick={() => onAction(s)}>
            {VERBS[s].label}
          </Button>
        ))}
      </td>
    </tr>
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
          <h2 className="text-lg font-semibold">No issues yet</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
            Errors your app sends appear here, grouped by type and stack trace.{' '}
            <Link href={`/projects/${encodeURIComponent(projectId)}`} className="font-medium text-link underline-offset-4 hover:underline">
              Set up the client library
            </Link>{' '}
            to send your first event.
          </p>
        </>
      )}
    </Card>
  );
}

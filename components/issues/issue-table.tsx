'use client';

import Link from 'next/link';
import type { RefObject } from 'react';
import type { IssueStatusValue } from '@/lib/zod/issues';
import type { IssueList } from '@/lib/swr/use-issues';
import { plural, pluralAtLeast } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LevelBadge, RegressedBadge, StatusBadge } from './badges';
import { RelativeTime } from '@/components/ui/relative-time';

type Issue = IssueList['issues'][number];

export const VERBS: Record<IssueStatusValue, { label: string; done: string }> = {
  RESOLVED: { label: 'Resolve', done: 'Resolved' },
  IGNORED: { label: 'Ignore', done: 'Ignored' },
  UNRESOLVED: { label: 'Unresolve', done: 'Marked unresolved' },
};

type Props = {
  issues: Issue[];
  total: number;
  totalCapped?: boolean;
  hrefOf: (issue: Issue) => string;
  cursor: number;
  checked: Set<string>;
  busy: boolean;
  rows: RefObject<(HTMLTableRowElement | null)[]>;
  caption: string;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onFocusRow: (i: number) => void;
  onAction: (ids: string[], status: IssueStatusValue) => void;
  /** Merge the selected issues into one (two or more selected). */
  onMerge?: (ids: string[]) => void;
};

/**
 * The issues with the bulk toolbar: a table from the small breakpoint up, and below it the same rows laid out
 * as cards (display changes only), so a phone never scrolls sideways.
 */
export function IssueTable({
  issues,
  total,
  totalCapped,
  hrefOf,
  cursor,
  checked,
  busy,
  rows,
  caption,
  onToggle,
  onToggleAll,
  onFocusRow,
  onAction,
  onMerge,
}: Props) {
  const allChecked = issues.length > 0 && issues.every((i) => checked.has(i.id));
  return (
    <div className="relative overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <div
        className="flex min-h-12 flex-wrap items-center gap-2 border-b border-line bg-surface-muted px-4 py-2"
        aria-label="Bulk actions"
        role="toolbar"
      >
        <input
          type="checkbox"
          aria-label="Select all issues on this page"
          className="size-4 accent-fg"
          checked={allChecked}
          onChange={onToggleAll}
        />
        <span className="mr-2 text-sm text-fg-secondary" data-testid="checked-count">
          {checked.size > 0
            ? `${checked.size} selected`
            : pluralAtLeast({ count: total, atLeast: totalCapped, singular: 'issue' })}
        </span>
        {checked.size > 0 &&
          (['RESOLVED', 'IGNORED', 'UNRESOLVED'] as const).map((s) => (
            <Button
              key={s}
              variant="secondary"
              className="h-8 px-3"
              disabled={busy}
              onClick={() => onAction([...checked], s)}
            >
              {VERBS[s].label}
            </Button>
          ))}
        {checked.size > 1 && onMerge && (
          <Button variant="secondary" className="h-8 px-3" disabled={busy} onClick={() => onMerge([...checked])}>
            Merge
          </Button>
        )}
      </div>
      <table className="block w-full text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-line text-left text-xs font-medium tracking-wide text-fg-muted uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="w-10 px-4 py-2">
              <span className="sr-only">Selected</span>
            </th>
            <th scope="col" className="w-full px-2 py-2">
              Issue
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Events
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Users
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
        <tbody className="block divide-y divide-line-subtle sm:table-row-group" data-testid="issue-rows">
          {issues.map((issue, i) => (
            <IssueRow
              key={issue.id}
              ref={(el) => {
                rows.current[i] = el;
              }}
              issue={issue}
              href={hrefOf(issue)}
              highlighted={i === cursor}
              checked={checked.has(issue.id)}
              busy={busy}
              onToggle={() => onToggle(issue.id)}
              onFocusRow={() => onFocusRow(i)}
              onAction={(s) => onAction([issue.id], s)}
            />
          ))}
        </tbody>
      </table>
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
      className={cn(
        // Below sm a card: checkbox beside the title, the figures and actions under it.
        'grid grid-cols-[2.25rem_minmax(0,1fr)] items-start py-2 align-top transition-colors sm:table-row sm:py-0',
        highlighted ? 'bg-info-soft/70 shadow-[inset_3px_0_0_0_var(--color-focus)]' : 'hover:bg-surface-muted',
        checked && 'bg-info-soft',
      )}
    >
      <td className="row-span-3 py-1 pl-3 sm:table-cell sm:px-4 sm:py-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-fg"
          aria-label={`Select ${issue.title}`}
          checked={checked}
          onChange={onToggle}
        />
      </td>
      <td className="min-w-0 py-1 pr-3 sm:table-cell sm:w-full sm:max-w-0 sm:px-2 sm:py-3">
        <Link
          href={href}
          className="block font-semibold break-words text-fg hover:underline focus-visible:outline-2 focus-visible:outline-focus sm:truncate"
          title={issue.title}
          data-testid="issue-title-link"
        >
          {issue.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <LevelBadge level={issue.level} />
          <StatusBadge status={issue.status} />
          <RegressedBadge regressedAt={issue.regressedAt} />
          {issue.culprit && (
            <span className="max-w-full truncate font-mono" title={issue.culprit}>
              {issue.culprit}
            </span>
          )}
          <span data-testid="issue-assignee">
            {issue.assignee
              ? `Assigned to ${issue.assignee.name}`
              : issue.assignedTeam
                ? `Assigned to #${issue.assignedTeam.slug}`
                : 'Unassigned'}
          </span>
        </div>
      </td>
      <td className="col-start-2 inline pr-3 text-xs text-fg-secondary sm:table-cell sm:px-2 sm:py-3 sm:text-right sm:text-sm sm:font-medium sm:text-fg">
        <span className="tabular-nums" data-testid="event-count">
          {issue.eventCount.toLocaleString('en-US')}
        </span>
        <span className="sm:hidden"> {issue.eventCount === 1 ? 'event' : 'events'} · </span>
        <span className="tabular-nums sm:hidden" data-testid="user-count-card">
          {plural(issue.users, 'user')}
        </span>
      </td>
      <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell" data-testid="user-count">
        {issue.users.toLocaleString('en-US')}
      </td>
      <td className="hidden px-2 py-3 whitespace-nowrap text-fg-secondary md:table-cell">
        <RelativeTime iso={issue.firstSeen} />
      </td>
      <td className="col-start-2 pr-3 text-xs whitespace-nowrap text-fg-secondary sm:table-cell sm:px-2 sm:py-3 sm:text-sm">
        <span className="sm:hidden">Last seen </span>
        <RelativeTime iso={issue.lastSeen} />
      </td>
      <td className="col-start-2 pr-3 sm:table-cell sm:px-4 sm:py-2 sm:text-right sm:whitespace-nowrap">
        {actions.map((s) => (
          <Button
            key={s}
            variant="ghost"
            className="h-8 px-2 text-xs"
            disabled={busy}
            aria-label={`${VERBS[s].label} ${issue.title}`}
            onClick={() => onAction(s)}
          >
            {VERBS[s].label}
          </Button>
        ))}
      </td>
    </tr>
  );
}

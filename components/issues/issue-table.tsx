'use client';

import type { RefObject } from 'react';
import type { IssueStatusValue } from '@/lib/zod/issues';
import type { IssueList } from '@/lib/swr/use-issues';
import { BulkToolbar } from './list/bulk-toolbar';
import { IssueRow } from './list/issue-row';

type Issue = IssueList['issues'][number];

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
      <BulkToolbar
        checked={checked}
        allChecked={allChecked}
        total={total}
        totalCapped={totalCapped}
        busy={busy}
        onToggleAll={onToggleAll}
        onAction={onAction}
        onMerge={onMerge}
      />
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

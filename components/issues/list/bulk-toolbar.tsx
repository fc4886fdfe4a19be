'use client';

import type { IssueStatusValue } from '@/lib/zod/issues';
import { pluralAtLeast } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { VERBS } from './verbs';

/** Above the list: select all, how many are selected (else how many there are), and what to do with them. */
export function BulkToolbar({
  checked,
  allChecked,
  total,
  totalCapped,
  busy,
  onToggleAll,
  onAction,
  onMerge,
}: {
  checked: Set<string>;
  allChecked: boolean;
  total: number;
  totalCapped?: boolean;
  busy: boolean;
  onToggleAll: () => void;
  onAction: (ids: string[], status: IssueStatusValue) => void;
  onMerge?: (ids: string[]) => void;
}) {
  return (
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
  );
}

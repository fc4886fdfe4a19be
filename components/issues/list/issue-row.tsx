'use client';

import Link from 'next/link';
import type { IssueStatusValue } from '@/lib/zod/issues';
import type { IssueList } from '@/lib/swr/use-issues';
import { plural } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { RelativeTime } from '@/components/ui/relative-time';
import { LevelBadge, RegressedBadge, StatusBadge } from '../badges';
import { VERBS } from './verbs';

type Issue = IssueList['issues'][number];

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

/** One issue: a table row from the small breakpoint up, a card below it. */
export function IssueRow({ issue, href, highlighted, checked, busy, onToggle, onFocusRow, onAction, ref }: RowProps) {
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

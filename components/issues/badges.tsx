import type { IssueStatusValue, LevelValue } from '@/lib/zod/issues';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/text/date-format';

const levelTones: Record<LevelValue, string> = {
  FATAL: 'bg-danger-solid text-white ring-danger-solid',
  ERROR: 'bg-danger-soft text-danger-fg ring-danger-line',
  WARNING: 'bg-warning-soft text-warning-fg ring-warning-line',
  INFO: 'bg-info-soft text-info-fg ring-info-line',
  DEBUG: 'bg-surface-hover text-fg-secondary ring-line-strong',
};

const statusTones: Record<IssueStatusValue, string> = {
  UNRESOLVED: 'bg-attention-soft text-attention-fg ring-attention-line',
  RESOLVED: 'bg-success-soft text-success-fg ring-success-line',
  IGNORED: 'bg-surface-hover text-fg-secondary ring-line-strong',
};

const base =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

export const titleCase = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

export function LevelBadge({ level }: { level: LevelValue }) {
  return (
    <span className={cn(base, levelTones[level])} data-testid="level-badge">
      {titleCase(level)}
    </span>
  );
}

export function StatusBadge({ status }: { status: IssueStatusValue }) {
  return (
    <span className={cn(base, statusTones[status])} data-testid="status-badge">
      {titleCase(status)}
    </span>
  );
}

/** A resolved issue that an event reopened; the title says when, for sighted and screen-reader users alike. */
export function RegressedBadge({ regressedAt }: { regressedAt: string | null }) {
  if (!regressedAt) return null;
  return (
    <span
      className={cn(base, 'gap-1 bg-surface text-warning-fg ring-warning-solid')}
      data-testid="regressed-badge"
      title={`Came back after it was resolved (${formatDateTime(regressedAt)})`}
    >
      <span aria-hidden="true">↺</span>
      Regressed
    </span>
  );
}

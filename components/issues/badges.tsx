import type { IssueStatusValue, LevelValue } from '@/lib/zod/issues';
import { cn } from '@/components/ui/cn';

const levelTones: Record<LevelValue, string> = {
  FATAL: 'bg-red-700 text-white ring-red-800',
  ERROR: 'bg-red-50 text-red-800 ring-red-200',
  WARNING: 'bg-amber-50 text-amber-900 ring-amber-300',
  INFO: 'bg-blue-50 text-blue-800 ring-blue-200',
  DEBUG: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
};

const statusTones: Record<IssueStatusValue, string> = {
  UNRESOLVED: 'bg-orange-50 text-orange-900 ring-orange-200',
  RESOLVED: 'bg-green-50 text-green-800 ring-green-200',
  IGNORED: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
};

const base = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

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

import type { ReactNode } from 'react';
import { cn } from './cn';

export type KeyValueRow = [string, ReactNode];

/** The rows whose value is there: no empty "Email" line when the event has none. */
export const presentRows = (rows: [string, ReactNode | undefined | null][]) =>
  rows.filter((r): r is KeyValueRow => r[1] !== undefined && r[1] !== null && r[1] !== '');

const values = {
  /** Ids, URLs, versions. */
  code: 'font-mono text-xs leading-5 break-all text-fg',
  /** Words and times. */
  text: 'font-medium',
} as const;

/** Names beside their values, the values in monospace unless `tone` is `text`. */
export function KeyValueList({ rows, tone = 'code' }: { rows: KeyValueRow[]; tone?: keyof typeof values }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 text-sm',
        tone === 'code' ? 'gap-y-1.5' : 'gap-y-2',
      )}
    >
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-fg-muted">{k}</dt>
          <dd className={cn('min-w-0', values[tone])}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';

export type KeyValueRow = [string, ReactNode];

/** The rows whose value is there: no empty "Email" line when the event has none. */
export const presentRows = (rows: [string, ReactNode | undefined | null][]) =>
  rows.filter((r): r is KeyValueRow => r[1] !== undefined && r[1] !== null && r[1] !== '');

/** Names beside their values, the values in monospace (ids, URLs, versions). */
export function KeyValueList({ rows }: { rows: KeyValueRow[] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-fg-muted">{k}</dt>
          <dd className="min-w-0 font-mono text-xs leading-5 break-all text-fg">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

'use client';

import type { TransactionGroup } from '@/lib/zod/performance';
import { formatCount, formatMs } from './format';
import { RelativeTime } from './relative-time';

const th = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase';
const num = 'px-4 py-3 text-right tabular-nums';

/** Transaction groups by count; durations in milliseconds. */
export function TransactionsTable({ groups, days }: { groups: TransactionGroup[]; days: number }) {
  return (
    // Focusable so the keyboard can scroll the table sideways on a narrow screen (it has no links).
    <div
      tabIndex={0}
      role="region"
      aria-label="Transactions table"
      className="overflow-x-auto rounded-xl border border-line bg-surface shadow-sm focus-visible:outline-2 focus-visible:outline-focus"
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">
          Transactions of the last {days === 1 ? '24 hours' : `${days} days`}, by count, with duration percentiles in milliseconds
        </caption>
        <thead className="border-b border-line bg-surface-muted">
          <tr>
            <th scope="col" className={`${th} text-left`}>
              Transaction
            </th>
            <th scope="col" className={`${th} text-right`}>
              Count
            </th>
            <th scope="col" className={`${th} text-right`}>
              p50
            </th>
            <th scope="col" className={`${th} text-right`}>
              p75
            </th>
            <th scope="col" className={`${th} text-right`}>
              p95
            </th>
            <th scope="col" className={`${th} text-right`}>
              Last seen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {groups.map((g) => (
            <tr key={g.name} className="hover:bg-surface-muted">
              <th scope="row" className="max-w-xs truncate px-4 py-3 text-left font-mono text-[13px] font-medium" title={g.name}>
                {g.name}
              </th>
              <td className={num}>{formatCount(g.count)}</td>
              <td className={num}>{formatMs(g.p50)}</td>
              <td className={num}>{formatMs(g.p75)}</td>
              <td className={num}>{formatMs(g.p95)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-fg-muted">
                <RelativeTime iso={g.lastSeen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

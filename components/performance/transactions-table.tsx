'use client';

import Link from 'next/link';
import { ScrollTable, th } from '@/components/ui/scroll-table';
import { periodOfDays, transactionHref, type DayRange } from '@/lib/swr/use-performance';
import type { TransactionGroup } from '@/lib/zod/performance';
import { formatCount, formatMs, formatPercent, formatRate } from './format';
import { RelativeTime } from '@/components/ui/relative-time';

const num = 'px-4 py-3 text-right tabular-nums';

/** Transaction groups by count, each a link to its page; durations in milliseconds. */
export function TransactionsTable({
  groups,
  days,
  projectId,
}: {
  groups: TransactionGroup[];
  days: DayRange;
  projectId: string;
}) {
  return (
    <ScrollTable label="Transactions table">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">
          Transactions of the last {days === 1 ? '24 hours' : `${days} days`}, by count, with throughput per minute,
          failure rate and duration percentiles in milliseconds
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
              <abbr title="Transactions per minute" className="no-underline">
                Per min
              </abbr>
            </th>
            <th scope="col" className={`${th} text-right`}>
              Failure rate
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
              <th
                scope="row"
                className="max-w-xs truncate px-4 py-3 text-left font-mono text-[13px] font-medium"
                title={g.name}
              >
                <Link
                  href={transactionHref(projectId, g.name, periodOfDays(days))}
                  className="text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus"
                >
                  {g.name}
                </Link>
              </th>
              <td className={num}>{formatCount(g.count)}</td>
              <td className={num}>{formatRate(g.throughput)}</td>
              <td className={`${num} ${g.failureRate > 0 ? 'font-medium text-danger-fg' : ''}`}>
                {formatPercent(g.failureRate)}
              </td>
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
    </ScrollTable>
  );
}

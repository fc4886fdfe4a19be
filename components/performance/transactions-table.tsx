'use client';

import type { TransactionGroup } from '@/lib/zod/performance';
import { formatCount, formatMs } from './format';
import { RelativeTime } from './relative-time';

const th = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-neutral-600 uppercase';
const num = 'px-4 py-3 text-right tabular-nums';

/** Transaction groups by count; durations in milliseconds. */
export function TransactionsTable({ groups, days }: { groups: TransactionGroup[]; days: number }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">
          Transactions of the last {days === 1 ? '24 hours' : `${days} days`}, by count, with duration percentiles in milliseconds
        </caption>
        <thead className="border-b border-neutral-200 bg-neutral-50">
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
        <tbody className="divide-y divide-neutral-100">
          {groups.map((g) => (
            <tr key={g.name} className="hover:bg-neutral-50">
              <th scope="row" className="max-w-xs truncate px-4 py-3 text-left font-mono text-[13px] font-medium" title={g.name}>
                {g.name}
              </th>
              <td className={num}>{formatCount(g.count)}</td>
              <td className={num}>{formatMs(g.p50)}</td>
              <td className={num}>{formatMs(g.p75)}</td>
              <td className={num}>{formatMs(g.p95)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-neutral-600">
                <RelativeTime iso={g.lastSeen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

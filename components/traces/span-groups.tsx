'use client';

import { useSpanGroups } from '@/lib/swr/use-traces';
import { formatCount, formatMs } from '@/components/performance/format';
import { ScrollTable, th } from '@/components/ui/scroll-table';

/** Where a transaction's time goes: its span groups (op and normalised description) by total time, last 7 days. */
export function SpanGroups({ projectId, name }: { projectId: string; name: string }) {
  const { groups } = useSpanGroups(projectId, name);
  if (!groups) return null;
  if (groups.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        No spans in the last 7 days: SDKs send them with their transactions when tracing is on.
      </p>
    );
  return (
    <ScrollTable label="Span groups table">
      <table className="w-full min-w-[42rem] text-sm" data-testid="span-groups">
        <caption className="sr-only">Span groups of this transaction by total time, last 7 days</caption>
        <thead className="border-b border-line bg-surface-muted">
          <tr>
            <th scope="col" className={`${th} text-left`}>
              Operation
            </th>
            <th scope="col" className={`${th} text-left`}>
              Span
            </th>
            <th scope="col" className={`${th} text-right`}>
              Count
            </th>
            <th scope="col" className={`${th} text-right`}>
              Total
            </th>
            <th scope="col" className={`${th} text-right`}>
              p75
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {groups.map((g) => (
            <tr key={`${g.op}\u0000${g.group}`}>
              <td className="px-4 py-2 font-mono text-xs whitespace-nowrap">{g.op}</td>
              <td className="max-w-[32rem] truncate px-4 py-2 font-mono text-xs" title={g.group}>
                {g.group || '—'}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCount(g.count)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatMs(g.totalMs)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatMs(g.p75Ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

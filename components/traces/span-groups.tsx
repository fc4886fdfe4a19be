'use client';

import { useSpanGroups } from '@/lib/swr/use-traces';
import { formatCount, formatMs } from '@/components/performance/format';
import { DataTable } from '@/components/ui/table';

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
    <DataTable
      label="Span groups table"
      caption="Span groups of this transaction by total time, last 7 days"
      className="min-w-[42rem]"
      testId="span-groups"
      cellPadding="px-4 py-2"
      rows={groups}
      rowKey={(g) => `${g.op}\u0000${g.group}`}
      columns={[
        { name: 'Operation', cellClassName: 'font-mono text-xs whitespace-nowrap', cell: (g) => g.op },
        {
          name: 'Span',
          cellClassName: 'max-w-[32rem] truncate font-mono text-xs',
          cellProps: (g) => ({ title: g.group }),
          cell: (g) => g.group || '—',
        },
        { name: 'Count', numeric: true, cell: (g) => formatCount(g.count) },
        { name: 'Total', numeric: true, cell: (g) => formatMs(g.totalMs) },
        { name: 'p75', numeric: true, cell: (g) => formatMs(g.p75Ms) },
      ]}
    />
  );
}

'use client';

import { cn } from '@/components/ui/cn';
import { DataTable } from '@/components/ui/table';
import type { TransactionSample } from '@/lib/zod/performance';
import { formatMs } from './format';
import { RelativeTime } from '@/components/ui/relative-time';
import { TraceLink } from '@/components/traces/trace-link';

const none = <span className="text-fg-faint">—</span>;
const clipped = 'max-w-[10rem] truncate font-mono text-xs';

/** The range's slowest transactions, slowest first, with what they were sent with. */
export function SlowestSamples({ samples }: { samples: TransactionSample[] }) {
  return (
    <DataTable
      label="Slowest transactions table"
      caption="The slowest transactions of the range, slowest first"
      className="min-w-[42rem]"
      testId="slowest-samples"
      rows={samples}
      rowKey={(s) => s.id}
      columns={[
        {
          name: 'Duration',
          numeric: true,
          cellClassName: 'font-medium whitespace-nowrap',
          cell: (s) => formatMs(s.duration),
        },
        {
          name: 'Status',
          cell: (s) => (
            <span
              className={cn(
                'inline-flex rounded-full px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset',
                s.status === 'ok'
                  ? 'bg-success-soft text-success-fg ring-success-line'
                  : 'bg-danger-soft text-danger-fg ring-danger-line',
              )}
            >
              {s.status}
            </span>
          ),
        },
        {
          name: 'When',
          cellClassName: 'whitespace-nowrap text-fg-secondary',
          cell: (s) => <RelativeTime iso={s.timestamp} />,
        },
        {
          name: 'Trace',
          cellClassName: clipped,
          cellProps: (s) => ({ title: s.traceId ?? undefined }),
          cell: (s) => (s.traceId ? <TraceLink traceId={s.traceId}>{s.traceId}</TraceLink> : none),
        },
        {
          name: 'Release',
          cellClassName: clipped,
          cellProps: (s) => ({ title: s.release ?? undefined }),
          cell: (s) => s.release ?? none,
        },
        { name: 'Environment', cell: (s) => s.environment ?? none },
      ]}
    />
  );
}

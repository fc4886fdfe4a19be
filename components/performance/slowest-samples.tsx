'use client';

import { cn } from '@/components/ui/cn';
import { ScrollTable, th } from '@/components/ui/scroll-table';
import type { TransactionSample } from '@/lib/zod/performance';
import { formatMs } from './format';
import { RelativeTime } from '@/components/ui/relative-time';
import { TraceLink } from '@/components/traces/trace-link';

const none = <span className="text-fg-faint">—</span>;

/** The range's slowest transactions, slowest first, with what they were sent with. */
export function SlowestSamples({ samples }: { samples: TransactionSample[] }) {
  return (
    <ScrollTable label="Slowest transactions table">
      <table className="w-full min-w-[42rem] text-sm" data-testid="slowest-samples">
        <caption className="sr-only">The slowest transactions of the range, slowest first</caption>
        <thead className="border-b border-line bg-surface-muted">
          <tr>
            <th scope="col" className={`${th} text-right`}>
              Duration
            </th>
            <th scope="col" className={`${th} text-left`}>
              Status
            </th>
            <th scope="col" className={`${th} text-left`}>
              When
            </th>
            <th scope="col" className={`${th} text-left`}>
              Trace
            </th>
            <th scope="col" className={`${th} text-left`}>
              Release
            </th>
            <th scope="col" className={`${th} text-left`}>
              Environment
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {samples.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                {formatMs(s.duration)}
              </td>
              <td className="px-4 py-3">
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
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-fg-secondary">
                <RelativeTime iso={s.timestamp} />
              </td>
              <td className="max-w-[10rem] truncate px-4 py-3 font-mono text-xs" title={s.traceId ?? undefined}>
                {s.traceId ? <TraceLink traceId={s.traceId}>{s.traceId}</TraceLink> : none}
              </td>
              <td className="max-w-[10rem] truncate px-4 py-3 font-mono text-xs" title={s.release ?? undefined}>
                {s.release ?? none}
              </td>
              <td className="px-4 py-3">{s.environment ?? none}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

'use client';

import { TextLink } from '@/components/ui/text-link';
import { DataTable, type Column } from '@/components/ui/table';
import { periodOfDays, transactionHref, type DayRange } from '@/lib/swr/use-performance';
import type { TransactionGroup } from '@/lib/zod/performance';
import { formatCount, formatMs, formatPercent } from './format';
import { formatRateAuto, rangeWords } from '@/lib/text/rate';
import { RelativeTime } from '@/components/ui/relative-time';
import { endpointName } from '@/lib/text/endpoint-name';

const number = (name: string, cell: (g: TransactionGroup) => string): Column<TransactionGroup> => ({
  name,
  numeric: true,
  cell,
});

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
    <DataTable
      label="Transactions table"
      caption={`Transactions of the last ${days === 1 ? '24 hours' : `${days} days`}, by count, with throughput averaged over the range, failure rate and duration percentiles in milliseconds`}
      className="min-w-[52rem]"
      cards
      rows={groups}
      rowKey={(g) => g.name}
      columns={[
        {
          name: 'Transaction',
          rowHeader: true,
          cellClassName: 'max-w-xs truncate font-mono text-[13px] font-medium',
          cellProps: (g) => ({ title: g.name }),
          cell: (g) => (
            <TextLink href={transactionHref(projectId, g.name, periodOfDays(days))}>{endpointName(g.name)}</TextLink>
          ),
        },
        number('Count', (g) => formatCount(g.count)),
        {
          // A week's trickle read "0.01" per minute: the rate is in the unit that reads, averaged over the range.
          ...number('Throughput', (g) => formatRateAuto(g.throughput)),
          cellProps: (g) => ({ title: `${formatCount(g.count)} over ${rangeWords(days)}`, 'data-testid': 'tx-rate' }),
          header: (
            <abbr
              title={`Transactions a minute, hour or day, averaged over ${rangeWords(days)}`}
              className="no-underline"
            >
              Throughput <span className="font-normal normal-case">({days === 1 ? '24 h' : `${days} d`} avg)</span>
            </abbr>
          ),
        },
        {
          ...number('Failure rate', (g) => formatPercent(g.failureRate)),
          cellClassName: (g) => g.failureRate > 0 && 'font-medium text-danger-fg',
        },
        number('p50', (g) => formatMs(g.p50)),
        number('p75', (g) => formatMs(g.p75)),
        number('p95', (g) => formatMs(g.p95)),
        {
          name: 'Last seen',
          align: 'right',
          cellClassName: 'whitespace-nowrap text-fg-muted',
          cell: (g) => <RelativeTime iso={g.lastSeen} />,
        },
      ]}
    />
  );
}

'use client';

import Link from 'next/link';
import type { ExploreResult } from '@/lib/swr/use-explore';
import { DataTable, type Column } from '@/components/ui/table';
import { EmptyState } from '@/components/ui/states';
import { formatValue } from './format';
import { hrefOf, type PageState } from './url-state';

// The index keys the row: a group-by may be named anything, so it is kept apart from the row's values.
type Row = { i: number; v: ExploreResult['table'][number] };

/** A row per group (ranked by the first aggregate), each opening the items behind it. */
export function ExploreTable({
  result,
  state,
  onSamples,
}: {
  result: ExploreResult;
  state: PageState;
  onSamples: (group: (string | null)[]) => void;
}) {
  const { groupBy, aggregates, units } = result.meta;
  if (result.table.length === 0)
    return <EmptyState title="Nothing matches" description="No rows in this range match the query." />;
  const groupOf = (row: Row) => groupBy.map((g) => row.v[g] as string | null);
  const columns: Column<Row>[] = [
    ...groupBy.map((g): Column<Row> => ({
      name: g,
      cellClassName: 'max-w-80 truncate',
      cellProps: (row) => ({ title: String(row.v[g] ?? ''), 'data-field': g }),
      cell: (row) => (row.v[g] as string | null) ?? <span className="text-fg-muted">(none)</span>,
    })),
    ...aggregates.map((a): Column<Row> => ({
      name: a,
      numeric: true,
      cellProps: (row) => ({ 'data-aggregate': a, 'data-value': String(row.v[a] ?? '') }),
      cell: (row) => formatValue(row.v[a] as number | null, units[a]),
    })),
    {
      name: 'Samples',
      header: <span className="sr-only">Samples</span>,
      align: 'right',
      cellClassName: 'whitespace-nowrap',
      cell: (row) => (
        <Link
          href={hrefOf({ ...state, samples: groupOf(row) })}
          scroll={false}
          onClick={(e) => {
            e.preventDefault();
            onSamples(groupOf(row));
          }}
          className="font-medium text-link underline underline-offset-2"
        >
          Samples
        </Link>
      ),
    },
  ];
  return (
    <div className="space-y-2">
      <DataTable
        label="Results"
        caption={`${aggregates.join(', ')}${groupBy.length ? ` by ${groupBy.join(', ')}` : ''}`}
        testId="explore-table"
        columns={columns}
        rows={result.table.map((v, i) => ({ i, v }))}
        rowKey={(r) => r.i}
        rowProps={() => ({ 'data-testid': 'explore-row' })}
        cellPadding="px-4 py-2"
      />
      <p className="text-xs text-fg-muted">
        {result.meta.groups.toLocaleString('en-US')} {result.meta.groups === 1 ? 'group' : 'groups'}
        {result.meta.truncated ? `, the first ${result.table.length} shown` : ''};{' '}
        {result.meta.rows.toLocaleString('en-US')} rows read{result.meta.sampled ? ' from the sample' : ''}.
      </p>
    </div>
  );
}

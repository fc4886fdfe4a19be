import { CATEGORY_LABELS, OUTCOME_LABELS, type Outcome } from '@/lib/outcomes/categories';
import type { StatsRow } from '@/lib/outcomes/read-stats';
import { DataTable } from '@/components/ui/table';

/** Every (category, outcome, reason) of the range with its count, most first; each row one kind of item. */
export function OutcomesTable({ rows, advice }: { rows: StatsRow[]; advice: Partial<Record<Outcome, string>> }) {
  return (
    <DataTable
      label="Outcomes by category and reason"
      rows={rows}
      rowKey={(r) => `${r.category}/${r.outcome}/${r.reason}`}
      columns={[
        { name: 'Category', cell: (r) => CATEGORY_LABELS[r.category] ?? r.category },
        {
          name: 'Outcome',
          cellProps: (r) => ({ title: advice[r.outcome] }),
          cell: (r) => OUTCOME_LABELS[r.outcome] ?? r.outcome,
        },
        { name: 'Reason', cellClassName: 'font-mono text-xs', cell: (r) => r.reason || '—' },
        {
          name: 'Items',
          numeric: true,
          cell: (r) => r.quantity.toLocaleString('en-US'),
        },
      ]}
    />
  );
}

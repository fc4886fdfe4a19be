import { CATEGORY_LABELS, OUTCOME_LABELS, type Outcome } from '@/lib/outcomes/categories';
import type { StatsRow } from '@/lib/outcomes/read-stats';
import { ScrollTable, th } from '@/components/ui/scroll-table';

/** Every (category, outcome, reason) of the range with its count, most first; each row one kind of item. */
export function OutcomesTable({ rows, advice }: { rows: StatsRow[]; advice: Partial<Record<Outcome, string>> }) {
  return (
    <ScrollTable label="Outcomes by category and reason">
      <table className="w-full text-sm">
        <thead className="border-b border-line text-left">
          <tr>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={th}>
              Outcome
            </th>
            <th scope="col" className={th}>
              Reason
            </th>
            <th scope="col" className={`${th} text-right`}>
              Items
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {rows.map((r) => (
            <tr key={`${r.category}/${r.outcome}/${r.reason}`}>
              <td className="px-4 py-2.5">{CATEGORY_LABELS[r.category] ?? r.category}</td>
              <td className="px-4 py-2.5" title={advice[r.outcome]}>
                {OUTCOME_LABELS[r.outcome] ?? r.outcome}
              </td>
              <td className="px-4 py-2.5 font-mono text-xs">{r.reason || '—'}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{r.quantity.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

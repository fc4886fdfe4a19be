'use client';

import type { ErasureKind } from '@/lib/privacy/erasure-match';
import { DataTable, type Column } from '@/components/ui/table';

export const KINDS: { kind: ErasureKind; label: string; placeholder: string }[] = [
  { kind: 'email', label: 'Email', placeholder: 'ann@example.com' },
  { kind: 'user_id', label: 'User ID', placeholder: 'the id your app sets with setUser' },
  { kind: 'username', label: 'Username', placeholder: 'ann' },
  { kind: 'ip', label: 'IP address', placeholder: '203.0.113.7' },
];
export const kindLabel = (k: string) => KINDS.find((x) => x.kind === k)?.label ?? k;

export const TABLES = [
  ['events', 'Events'],
  ['attachments', 'Attachments'],
  ['feedback', 'Feedback'],
  ['logs', 'Logs'],
  ['spans', 'Spans'],
  ['metrics', 'Metric points'],
  ['replays', 'Replays'],
  ['sessions', 'Sessions'],
  ['releaseUsers', 'Release users'],
] as const;
export type Counts = Record<(typeof TABLES)[number][0], number>;
export const total = (c: Counts) => TABLES.reduce((n, [k]) => n + c[k], 0);

/** Rows per project and kind of data, with their totals: what an erasure would remove, or removed. */
export function CountsTable({
  label,
  rows,
  totals,
}: {
  label: string;
  rows: { projectId: string; name: string; counts: Counts }[];
  totals: Counts;
}) {
  return (
    <DataTable
      label={label}
      cellPadding="px-4 py-2"
      rows={rows}
      rowKey={(p) => p.projectId}
      rowProps={() => ({ 'data-testid': 'erasure-project-row' })}
      columns={[
        { name: 'Project', cellClassName: 'font-medium whitespace-nowrap', cell: (p) => p.name },
        ...TABLES.map(([k, name]): Column<(typeof rows)[number]> => ({
          name,
          numeric: true,
          cell: (p) => p.counts[k].toLocaleString(),
        })),
      ]}
      foot={
        <tr data-testid="erasure-total-row">
          <td className="px-4 py-2 font-semibold">Total</td>
          {TABLES.map(([k]) => (
            <td key={k} className="px-4 py-2 text-right font-semibold tabular-nums">
              {totals[k].toLocaleString()}
            </td>
          ))}
        </tr>
      }
    />
  );
}

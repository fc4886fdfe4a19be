'use client';

import type { GroupingPreview } from '@/lib/swr/use-grouping';
import { issueHref } from '@/lib/swr/use-issues';
import { DataTable, type Column } from '@/components/ui/table';
import { TextLink } from '@/components/ui/text-link';

type Row = GroupingPreview['rows'][number];

/** Where a row's events go: the issue keeps them, another existing issue, or a new one. */
function Into({ projectId, row }: { projectId: string; row: Row }) {
  if (row.into.kind === 'same') return <span>Stay in this issue</span>;
  if (row.into.kind === 'new') return <span className="font-medium text-warning-fg">A new issue</span>;
  return (
    <span>
      Join{' '}
      <TextLink href={issueHref(projectId, row.into.issue.id)} className="break-words">
        {row.into.issue.title}
      </TextLink>
    </span>
  );
}

/** The new group: the rule and its fingerprint parts, or the default grouping over the frames the rules left. */
function NewGroup({ row }: { row: Row }) {
  return (
    <div className="space-y-1">
      <p className="break-words">{row.title}</p>
      {row.rule ? (
        <code className="block rounded bg-surface-muted px-1 font-mono text-xs break-all">{row.rule}</code>
      ) : (
        <p className="text-xs text-fg-muted">Default grouping, by the frames the stack trace rules leave</p>
      )}
      {row.parts && (
        <p className="font-mono text-xs break-all text-fg-secondary">
          {row.parts.map((p) => JSON.stringify(p)).join(', ')}
        </p>
      )}
    </div>
  );
}

const columns = (projectId: string): Column<Row>[] => [
  {
    name: 'Issue now',
    rowHeader: true,
    cellClassName: 'font-normal',
    cell: (row) => (
      <TextLink href={issueHref(projectId, row.issue.id)} className="break-words">
        {row.issue.title}
      </TextLink>
    ),
  },
  { name: 'Events', numeric: true, cell: (row) => row.events },
  { name: 'New group', cell: (row) => <NewGroup row={row} /> },
  { name: 'After saving', cell: (row) => <Into projectId={projectId} row={row} /> },
];

/** What a draft would regroup among the latest events: one row per issue and new group (#63). */
export function GroupingPreviewTable({ projectId, preview }: { projectId: string; preview: GroupingPreview }) {
  return (
    <section aria-label="Grouping preview" data-testid="grouping-preview" className="space-y-2">
      <p className="text-sm text-fg-secondary" role="status">
        {preview.regrouped === 0
          ? `None of the latest ${preview.examined} events would group differently.`
          : `${preview.regrouped} of the latest ${preview.examined} events would group differently.`}
      </p>
      {preview.rows.length > 0 && (
        <DataTable
          label="Events that would group differently"
          caption="Each issue's sampled events that would take a new group, and where they would go"
          className="min-w-[640px]"
          cellPadding="px-4 py-3 align-top"
          columns={columns(projectId)}
          rows={preview.rows}
          rowKey={(row) => `${row.issue.id}:${row.fingerprint}`}
        />
      )}
    </section>
  );
}

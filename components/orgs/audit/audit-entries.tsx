import type { AuditLogEntry } from '@/lib/swr/use-audit-log';
import type { Column } from '@/components/ui/table';
import { titleCase } from '@/components/issues/badges';
import { actionLabel, describeChanges } from '@/lib/audit/audit-labels';
import { DateTime } from '@/components/ui/date-time';

/** The log's columns: when, who (and from where), the action, its target and what it changed. */
export const ENTRY_COLUMNS: Column<AuditLogEntry>[] = [
  {
    name: 'When (UTC)',
    cellClassName: 'whitespace-nowrap text-fg-secondary tabular-nums',
    cell: (e) => <DateTime iso={e.createdAt} precision="second" zone={false} />,
  },
  {
    name: 'Who',
    cellClassName: 'sm:max-w-56',
    cellProps: () => ({ 'data-testid': 'audit-actor' }),
    cell: (e) => (
      <>
        <p className="font-medium wrap-anywhere">
          {e.actorType === 'system' ? 'System' : (e.actorLabel ?? `Deleted ${e.actorType}`)}
          {e.actorType === 'token' && <span className="ml-1 text-xs font-normal text-fg-muted">(API token)</span>}
        </p>
        {e.ipAddress && (
          <p className="font-mono text-xs text-fg-muted" data-testid="audit-address">
            {e.ipAddress}
          </p>
        )}
      </>
    ),
  },
  {
    name: 'Action',
    cell: (e) => (
      <>
        <p className="font-medium" title={e.action} data-testid="audit-action">
          {actionLabel(e.action)}
        </p>
      </>
    ),
  },
  {
    name: 'Target',
    cellClassName: 'sm:max-w-64',
    cellProps: () => ({ 'data-testid': 'audit-target' }),
    cell: (e) =>
      e.targetType && (
        <>
          <p className="wrap-anywhere">{e.targetLabel ?? e.targetId}</p>
          <p className="text-xs text-fg-muted">{titleCase(e.targetType)}</p>
        </>
      ),
  },
  {
    name: 'Changes',
    cellProps: () => ({ 'data-testid': 'audit-changes' }),
    cell: (e) => <Changes changes={e.changes} />,
  },
];

function Changes({ changes }: { changes: unknown }) {
  const lines = describeChanges(changes);
  if (!lines.length) return <span className="text-fg-muted">—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {lines.map((l) => (
        <div key={l.field} className="contents">
          <dt className="text-fg-muted">{l.field}</dt>
          <dd className="wrap-anywhere">
            {l.value === undefined ? (
              <>
                <span className="text-fg-secondary">{l.from}</span> → <span className="font-medium">{l.to}</span>
              </>
            ) : (
              l.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

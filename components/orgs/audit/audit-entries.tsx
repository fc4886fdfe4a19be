import type { AuditLogEntry } from '@/lib/swr/use-audit-log';
import type { Column } from '@/components/ui/table';
import { titleCase } from '@/components/issues/badges';
import { actionLabel } from './audit-labels';
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
        <p className="font-medium">{actionLabel(e.action)}</p>
        <p className="font-mono text-xs text-fg-muted">{e.action}</p>
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

/** `requireSso` → "Require sso", `rateLimitPerMinute` → "Rate limit per minute". */
const fieldName = (k: string) => {
  const words = k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function show(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : 'none';
  if (typeof v === 'string') return /^[A-Z]+$/.test(v) ? titleCase(v) : v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

function Changes({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object') return <span className="text-fg-muted">—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {Object.entries(changes as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-fg-muted">{fieldName(k)}</dt>
          <dd className="break-words">
            {isChange(v) ? (
              <>
                <span className="text-fg-secondary">{show(v.from)}</span> →{' '}
                <span className="font-medium">{show(v.to)}</span>
              </>
            ) : (
              show(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { SectionCard } from '@/components/ui/section-card';
import type { Breadcrumb } from '../event-shape';

/** What happened before the event, oldest first. */
export function BreadcrumbsPanel({ breadcrumbs }: { breadcrumbs: Breadcrumb[] }) {
  if (breadcrumbs.length === 0) return null;
  return (
    <SectionCard title="Breadcrumbs">
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="breadcrumbs">
          <caption className="sr-only">Breadcrumbs, oldest first</caption>
          <thead className="text-xs text-fg-muted uppercase">
            <tr>
              <th scope="col" className="py-1.5 pr-4 font-medium">
                Time
              </th>
              <th scope="col" className="py-1.5 pr-4 font-medium">
                Category
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Message
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line-subtle">
            {breadcrumbs.map((b, i) => (
              <tr key={i}>
                <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap text-fg-muted">
                  {b.timestamp ? new Date(b.timestamp).toISOString().slice(11, 23) : '—'}
                </td>
                <td className="py-1.5 pr-4">
                  <span className="rounded bg-surface-hover px-1.5 py-0.5 font-mono text-xs text-fg-secondary">
                    {b.category ?? b.type}
                  </span>
                  {b.category && b.type !== 'default' && <span className="ml-1 text-xs text-fg-muted">{b.type}</span>}
                  {b.level && b.level !== 'info' && (
                    <span className="ml-1 text-xs font-medium text-warning-fg">{b.level}</span>
                  )}
                </td>
                <td className="py-1.5 font-mono text-xs break-all">
                  {b.message ?? ''}
                  {b.data && <span className="text-fg-muted"> {JSON.stringify(b.data)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}

'use client';

import { useErasures } from '@/lib/swr/use-erasures';
import { ErrorState } from '@/components/ui/states';
import { kindLabel, total } from './erasure-counts';
import { formatDateTime } from '@/lib/text/date-format';

/** The organization's earlier erasures, each by a hash of its identifier. */
export function ErasureHistory() {
  const { erasures, error } = useErasures(true);
  if (error) return <ErrorState error={error} title="Could not load past erasures" />;
  if (!erasures || erasures.length === 0) return null;
  return (
    <section className="rounded-xl border border-line bg-surface shadow-sm">
      <h2 className="border-b border-line px-4 py-3 text-base font-semibold sm:px-6">Past erasures</h2>
      <ul className="divide-y divide-line-subtle" aria-label="Past erasures">
        {erasures.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm sm:px-6">
            <span>
              {kindLabel(e.kind)} <span className="text-fg-muted">sha256:{e.valueHash.slice(0, 12)}</span>
            </span>
            <span className="text-fg-secondary">
              {e.status === 'done' && e.report ? `${total(e.report.totals).toLocaleString()} rows removed` : e.status} ·{' '}
              {formatDateTime(e.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

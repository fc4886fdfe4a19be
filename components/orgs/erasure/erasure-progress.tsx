'use client';

import { useErasure, type ErasureView } from '@/lib/swr/use-erasures';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CountsTable, TABLES, total } from './erasure-counts';
import { formatDateTime } from '@/lib/text/date-format';

/** A running erasure, batch by batch, then its report. */
export function ErasureProgress({ id }: { id: string }) {
  const { erasure, error } = useErasure(id);
  if (error) return <ErrorState error={error} title="Could not load the erasure" />;
  if (!erasure) return <LoadingState label="Starting the erasure" />;
  const finished = erasure.status === 'done' || erasure.status === 'failed';
  return (
    <Card>
      <h2 className="text-base font-semibold">
        {erasure.status === 'done' ? 'Erasure complete' : erasure.status === 'failed' ? 'Erasure stopped' : 'Erasing…'}
      </h2>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-fg-secondary" data-testid="erasure-status">
        {statusText(erasure)}
      </p>
      {!finished && (
        <ul className="mt-4 space-y-2" aria-label="Progress">
          {TABLES.map(([k, name]) => {
            const p = erasure.progress[k] ?? { done: 0, total: 0 };
            const pct = p.total ? Math.round((p.done / p.total) * 100) : 100;
            return (
              <li key={k} className="grid grid-cols-[8rem_1fr_6rem] items-center gap-3 text-sm">
                <span>{name}</span>
                <span
                  className="h-2 overflow-hidden rounded-full bg-surface-hover"
                  role="progressbar"
                  aria-label={name}
                  aria-valuenow={pct}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span className="block h-full bg-fg" style={{ width: `${pct}%` }} />
                </span>
                <span className="text-right text-fg-muted tabular-nums">
                  {p.done.toLocaleString()} / {p.total.toLocaleString()}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {erasure.report && <Report report={erasure.report} />}
    </Card>
  );
}

function statusText(e: ErasureView): string {
  if (e.status === 'queued') return 'Waiting for the background job to start.';
  if (e.status === 'running') return 'Deleting in batches; you can leave this page, it carries on.';
  if (e.status === 'failed') return e.error ?? 'The erasure stopped on an error.';
  const removed = e.report ? total(e.report.totals) : 0;
  return `${removed.toLocaleString()} rows removed${e.finishedAt ? ` at ${formatDateTime(e.finishedAt, { precision: 'second' })}` : ''}.`;
}

function Report({ report }: { report: NonNullable<ErasureView['report']> }) {
  return (
    <div className="mt-4 space-y-3" data-testid="erasure-report">
      <CountsTable label="What was removed" rows={report.projects} totals={report.totals} />
      <p className="text-sm text-fg-secondary">
        Issues deleted (no events left): <span className="font-medium text-fg">{report.issuesDeleted}</span>. Issues
        recounted: <span className="font-medium text-fg">{report.issuesUpdated}</span>. Titles with the person&apos;s
        name blanked out: <span className="font-medium text-fg">{report.issuesRenamed}</span>. The audit log records
        this erasure by a hash of the identifier, never the identifier itself.
      </p>
    </div>
  );
}

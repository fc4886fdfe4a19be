'use client';

import { useState } from 'react';
import { useTrace, type Trace, type TraceSpan } from '@/lib/swr/use-traces';
import { plural } from '@/lib/text/plural';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatMs } from '@/components/performance/format';
import { Card } from '@/components/ui/card';
import { TraceErrors } from './trace-errors';
import { TraceRelations } from './trace-relations';
import { SpanRow } from './span-row';
import { spanRowId, treeOf } from './trace-tree';
import { PageHeader } from '@/components/ui/page-header';

/**
 * One trace: its errors (each linked to its event and to the span it happened in), then a waterfall of every span
 * of every project on one time axis, with the duration in its own column.
 */
export function TraceView({ traceId }: { traceId: string }) {
  const { trace, error, isLoading } = useTrace(traceId);
  if (error) return <ErrorState error={error} title="Could not load the trace" notFoundTitle="Trace not found" />;
  if (isLoading || !trace) return <LoadingState label="Loading trace" />;
  return <Waterfall trace={trace} />;
}

function Waterfall({ trace }: { trace: Trace }) {
  const [open, setOpen] = useState<string | null>(null);
  const rows = treeOf(trace.spans);
  const t0 = trace.start ? Date.parse(trace.start) : 0;
  const total = Math.max(1, trace.durationMs ?? 1);
  const names = new Map(trace.projects.map((p) => [p.id, p.name]));
  const errorsBySpan = new Map<string, Trace['errors']>();
  for (const e of trace.errors) if (e.spanId) errorsBySpan.set(e.spanId, [...(errorsBySpan.get(e.spanId) ?? []), e]);
  const showSpan = (s: TraceSpan) => {
    setOpen(s.spanId);
    document.getElementById(spanRowId(s))?.scrollIntoView({ block: 'center' });
  };
  const projectNames = trace.projects.map((p) => p.name).join(', ') || '—';
  return (
    <div className="space-y-6">
      <PageHeader title="Trace">
        <p className="mt-1 font-mono text-sm break-all text-fg-secondary">{trace.traceId}</p>
        <p className="mt-1 text-sm text-fg-secondary" data-testid="trace-summary">
          {[
            plural(trace.spans.length, 'span'),
            plural(trace.transactions.length, 'transaction'),
            plural(trace.errors.length, 'error'),
            ...(trace.durationMs !== null ? [formatMs(trace.durationMs)] : []),
            `${trace.projects.length === 1 ? 'project' : 'projects'} ${projectNames}`,
          ].join(' · ')}
        </p>
        <TraceRelations trace={trace} projectNames={names} />
        {trace.truncated && <p className="mt-1 text-sm text-warning-fg">Showing the first 10,000 spans.</p>}
      </PageHeader>
      <TraceErrors trace={trace} projectNames={names} onShowSpan={showSpan} />
      <Card>
        <h2 className="sr-only">Spans</h2>
        <div
          className="hidden grid-cols-[minmax(0,22rem)_minmax(0,1fr)_5.5rem] gap-3 border-b border-line px-3 py-2 text-xs font-semibold tracking-wide text-fg-muted uppercase sm:grid"
          aria-hidden="true"
        >
          <span>Span</span>
          <span>Timeline</span>
          <span className="text-right">Duration</span>
        </div>
        <ol
          className="divide-y divide-line-subtle text-sm"
          data-testid="waterfall"
          aria-label="Spans of the trace, in tree order"
        >
          {rows.map((row) => (
            <SpanRow
              key={spanRowId(row.span)}
              row={row}
              traceId={trace.traceId}
              t0={t0}
              total={total}
              errors={errorsBySpan.get(row.span.spanId) ?? []}
              projectName={names.get(row.span.projectId) ?? row.span.projectId}
              open={open === row.span.spanId}
              onToggle={() => setOpen(open === row.span.spanId ? null : row.span.spanId)}
            />
          ))}
        </ol>
      </Card>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTrace, type Trace, type TraceSpan } from '@/lib/swr/use-traces';
import { ErrorState, isNotFound, LoadingState } from '@/components/dashboard/states';
import { formatMs } from '@/components/performance/format';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

type Row = { span: TraceSpan; depth: number };

/** Spans in tree order (parents before children, siblings by start), with their depth. */
function treeOf(spans: TraceSpan[]): Row[] {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string, TraceSpan[]>();
  const roots: TraceSpan[] = [];
  for (const s of spans) {
    if (s.parentSpanId && ids.has(s.parentSpanId) && s.parentSpanId !== s.spanId) {
      const list = children.get(s.parentSpanId) ?? [];
      list.push(s);
      children.set(s.parentSpanId, list);
    } else roots.push(s);
  }
  const rows: Row[] = [];
  const seen = new Set<string>();
  const walk = (s: TraceSpan, depth: number) => {
    if (seen.has(s.spanId)) return;
    seen.add(s.spanId);
    rows.push({ span: s, depth });
    for (const c of (children.get(s.spanId) ?? []).sort((a, b) => a.start.localeCompare(b.start))) walk(c, depth + 1);
  };
  for (const r of roots.sort((a, b) => a.start.localeCompare(b.start))) walk(r, 0);
  return rows;
}

/** One trace as a waterfall: every span of every project on one time axis, errors marked on their span. */
export function TraceView({ traceId }: { traceId: string }) {
  const { trace, error, isLoading } = useTrace(traceId);
  if (error)
    return <ErrorState error={error} title={isNotFound(error) ? 'Trace not found' : 'Could not load the trace'} />;
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
  const unplaced = trace.errors.filter((e) => !e.spanId || !trace.spans.some((s) => s.spanId === e.spanId));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Trace</h1>
        <p className="mt-1 font-mono text-sm text-fg-secondary">{trace.traceId}</p>
        <p className="mt-1 text-sm text-fg-secondary">
          {trace.spans.length} spans · {trace.transactions.length} transactions · {trace.errors.length} errors
          {trace.durationMs !== null && ` · ${formatMs(trace.durationMs)}`} · projects:{' '}
          {trace.projects.map((p) => p.name).join(', ') || '—'}
          {trace.logCount > 0 && ` · ${trace.logCount} log lines`}
        </p>
        {trace.truncated && <p className="mt-1 text-sm text-warning-fg">Showing the first 10,000 spans.</p>}
      </div>
      {unplaced.length > 0 && (
        <Card>
          <h2 className="text-base font-semibold">Errors</h2>
          <ErrorLinks errors={unplaced} />
        </Card>
      )}
      <Card className="overflow-x-auto p-0">
        <ol
          className="min-w-[48rem] divide-y divide-line-subtle text-sm"
          data-testid="waterfall"
          aria-label="Spans of the trace, in tree order"
        >
          {rows.map(({ span: s, depth }) => {
            const left = ((Date.parse(s.start) - t0) / total) * 100;
            const width = Math.max(0.3, (s.durationMs / total) * 100);
            const errors = errorsBySpan.get(s.spanId) ?? [];
            const failed = errors.length > 0 || (s.status !== null && s.status !== 'ok');
            return (
              <li
                key={`${s.projectId}:${s.spanId}`}
                data-testid="span"
                data-op={s.op}
                data-error={errors.length > 0 ? 'true' : undefined}
              >
                <button
                  type="button"
                  className="grid w-full grid-cols-[minmax(0,22rem)_1fr] items-center gap-3 px-3 py-1.5 text-left hover:bg-surface-hover"
                  aria-expanded={open === s.spanId}
                  onClick={() => setOpen(open === s.spanId ? null : s.spanId)}
                >
                  <span className="truncate" style={{ paddingLeft: `${Math.min(depth, 20) * 0.75}rem` }}>
                    <span className={cn('font-mono text-xs', s.isSegment ? 'font-semibold' : 'text-fg-secondary')}>
                      {s.op}
                    </span>{' '}
                    <span title={s.description}>{s.description || s.transaction}</span>
                    {errors.length > 0 && (
                      <span className="ml-2 rounded bg-danger-soft px-1.5 py-0.5 text-xs font-semibold text-danger-fg">
                        {errors.length} {errors.length === 1 ? 'error' : 'errors'}
                      </span>
                    )}
                  </span>
                  <span
                    className="relative h-4"
                    aria-label={`${formatMs(s.durationMs)}, starting at ${formatMs(Date.parse(s.start) - t0)}`}
                  >
                    <span
                      className={cn(
                        'absolute top-0.5 h-3 rounded-sm',
                        failed ? 'bg-danger-solid' : s.isSegment ? 'bg-link' : 'bg-fg-muted',
                      )}
                      style={{ left: `${left}%`, width: `${width}%` }}
                    />
                    <span className="absolute right-0 text-xs text-fg-muted tabular-nums">
                      {formatMs(s.durationMs)}
                    </span>
                  </span>
                </button>
                {open === s.spanId && (
                  <div className="space-y-2 bg-surface-muted px-4 py-3 text-xs">
                    <p>
                      {names.get(s.projectId) ?? s.projectId} · transaction{' '}
                      <span className="font-mono">{s.transaction}</span> · status {s.status ?? '—'} · span{' '}
                      <span className="font-mono">{s.spanId}</span>
                    </p>
                    {s.data && (
                      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 font-mono">
                        {Object.entries(s.data).map(([k, v]) => (
                          <div key={k} className="contents">
                            <dt className="text-fg-muted">{k}</dt>
                            <dd className="break-all">{String(v)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {errors.length > 0 && <ErrorLinks errors={errors} />}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </Card>
    </div>
  );
}

function ErrorLinks({ errors }: { errors: Trace['errors'] }) {
  return (
    <ul className="mt-1 space-y-1">
      {errors.map((e) => (
        <li key={e.id}>
          <Link
            className="text-link underline"
            href={`/projects/${encodeURIComponent(e.projectId)}/issues/${encodeURIComponent(e.issueId)}/events/${encodeURIComponent(e.id)}`}
          >
            {e.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

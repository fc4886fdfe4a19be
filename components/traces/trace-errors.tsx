'use client';

import Link from 'next/link';
import type { Trace, TraceSpan } from '@/lib/swr/use-traces';
import { formatMs } from '@/components/performance/format';
import { RelativeTime } from '@/components/ui/relative-time';
import { Card } from '@/components/ui/card';
import { errorEntryId, errorHref } from './trace-tree';

/** Every error event of the trace: its title (to its event), level, project, time and the span it happened in. */
export function TraceErrors({
  trace,
  projectNames,
  onShowSpan,
}: {
  trace: Trace;
  projectNames: Map<string, string>;
  onShowSpan: (span: TraceSpan) => void;
}) {
  const spans = new Map(trace.spans.map((s) => [s.spanId, s]));
  const t0 = trace.start ? Date.parse(trace.start) : null;
  return (
    <Card>
      <section id="trace-errors" aria-labelledby="trace-errors-heading" data-testid="trace-errors">
        <h2 id="trace-errors-heading" className="text-base font-semibold">
          Errors <span className="font-normal text-fg-muted">({trace.errors.length.toLocaleString('en-US')})</span>
        </h2>
        {trace.errors.length === 0 ? (
          <p className="mt-1 text-sm text-fg-muted">No errors in this trace.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line-subtle">
            {trace.errors.map((e) => {
              const span = e.spanId ? spans.get(e.spanId) : undefined;
              const at = t0 === null ? null : Date.parse(e.timestamp) - t0;
              return (
                <li
                  key={e.id}
                  id={errorEntryId(e)}
                  data-testid="trace-error"
                  className="-mx-2 scroll-mt-4 rounded-md px-2 py-2 target:bg-danger-soft"
                >
                  <Link href={errorHref(e)} className="font-medium break-words text-link underline underline-offset-2">
                    {e.title}
                  </Link>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-fg-muted">
                    <span className="font-semibold text-danger-fg">{e.level.toLowerCase()}</span>
                    <span aria-hidden="true">·</span>
                    <span data-testid="trace-error-project">{projectNames.get(e.projectId) ?? e.projectId}</span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime iso={e.timestamp} />
                    {at !== null && at >= 0 && <span>({formatMs(at)} into the trace)</span>}
                    <span aria-hidden="true">·</span>
                    {span ? (
                      <button
                        type="button"
                        onClick={() => onShowSpan(span)}
                        className="max-w-full truncate text-link underline underline-offset-2"
                      >
                        in span {span.op} {span.description || span.transaction}
                      </button>
                    ) : (
                      <span>in no span of this trace</span>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}

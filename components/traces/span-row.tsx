'use client';

import Link from 'next/link';
import type { TraceError } from '@/lib/swr/use-traces';
import { plural } from '@/lib/text/plural';
import { formatMs } from '@/components/performance/format';
import { cn } from '@/components/ui/cn';
import { SpanProfile } from '@/components/profiling/span-profile';
import { errorEntryId, errorHref, spanRowId, type Row } from './trace-tree';
import { endpointName } from '@/lib/text/endpoint-name';

/**
 * One span of the waterfall: its name (a button that opens its details across the whole row), a badge linking to its
 * error, its bar on the trace's time axis, and its duration in a column of its own so no bar covers it. Below `sm`
 * the bar takes a row of its own under the name and duration.
 */
export function SpanRow({
  row: { span: s, depth },
  traceId,
  t0,
  total,
  errors,
  projectName,
  open,
  onToggle,
}: {
  row: Row;
  traceId: string;
  t0: number;
  total: number;
  errors: TraceError[];
  projectName: string;
  open: boolean;
  onToggle: () => void;
}) {
  const offset = Date.parse(s.start) - t0;
  const left = Math.min(99.7, Math.max(0, (offset / total) * 100));
  const width = Math.min(100 - left, Math.max(0.3, (s.durationMs / total) * 100));
  const failed = errors.length > 0 || (s.status !== null && s.status !== 'ok');
  return (
    <li id={spanRowId(s)} data-testid="span" data-op={s.op} data-error={errors.length > 0 ? 'true' : undefined}>
      <div className="relative grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-1.5 hover:bg-surface-hover sm:grid-cols-[minmax(0,22rem)_minmax(0,1fr)_5.5rem]">
        <div className="flex min-w-0 items-center gap-2" style={{ paddingLeft: `${Math.min(depth, 20) * 0.75}rem` }}>
          <button
            type="button"
            aria-expanded={open}
            onClick={onToggle}
            className="min-w-0 text-left after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-focus"
          >
            {/* Relative: the screen-reader text is clipped with the name instead of widening the page. */}
            <span className="relative block truncate">
              <span className={cn('font-mono text-xs', s.isSegment ? 'font-semibold' : 'text-fg-secondary')}>
                {s.op}
              </span>{' '}
              <span title={s.description || s.transaction}>
                {/* A transaction's root names its endpoint as the Performance list and the issue do. */}
                {s.isSegment ? endpointName(s.description || s.transaction) : s.description || s.transaction}
              </span>
              <span className="sr-only">, starts at {formatMs(offset)}</span>
            </span>
          </button>
          {errors.length > 0 && (
            <Link
              href={errors.length === 1 ? errorHref(errors[0]) : `#${errorEntryId(errors[0])}`}
              title={errors.length === 1 ? errors[0].title : 'The errors of this span in the Errors panel'}
              className="relative z-10 shrink-0 rounded bg-danger-soft px-1.5 py-0.5 text-xs font-semibold text-danger-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              data-testid="span-errors"
            >
              {plural(errors.length, 'error')}
            </Link>
          )}
        </div>
        <span className="relative order-last col-span-2 h-4 sm:order-none sm:col-span-1" data-testid="span-bar-track">
          <span
            className={cn(
              'absolute top-0.5 h-3 rounded-sm',
              failed ? 'bg-danger-solid' : s.isSegment ? 'bg-link' : 'bg-fg-muted',
            )}
            style={{ left: `${left}%`, width: `${width}%` }}
            data-testid="span-bar"
          />
        </span>
        <span className="text-right text-xs whitespace-nowrap text-fg-muted tabular-nums" data-testid="span-duration">
          {formatMs(s.durationMs)}
        </span>
      </div>
      {open && (
        <div className="space-y-2 bg-surface-muted px-4 py-3 text-xs">
          <p className="break-words">
            {projectName} · transaction{' '}
            <span className="font-mono" title={s.transaction}>
              {endpointName(s.transaction)}
            </span>{' '}
            · status {s.status ?? '—'} · span <span className="font-mono">{s.spanId}</span>
          </p>
          <SpanProfile projectId={s.projectId} traceId={traceId} spanId={s.spanId} />
          <SpanData data={s.data} />
          {errors.length > 0 && (
            <ul className="space-y-1">
              {errors.map((e) => (
                <li key={e.id}>
                  <Link className="text-link underline" href={errorHref(e)}>
                    {e.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

/** Sentry SDKs record each feature flag evaluated in a span as a `flag.evaluation.<name>` attribute. */
const FLAG_ATTRIBUTE = 'flag.evaluation.';

/** A span's attributes, its feature flags apart in a table of their own (flag, value). */
function SpanData({ data }: { data: Row['span']['data'] }) {
  if (!data) return null;
  const entries = Object.entries(data);
  const flags = entries.filter(([k]) => k.startsWith(FLAG_ATTRIBUTE));
  const rest = entries.filter(([k]) => !k.startsWith(FLAG_ATTRIBUTE));
  return (
    <>
      {rest.length > 0 && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 font-mono">
          {rest.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-fg-muted">{k}</dt>
              <dd className="break-all">{String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {flags.length > 0 && (
        <table className="font-mono" data-testid="span-flags">
          <caption className="pb-1 text-left font-sans font-semibold">Feature flags</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {flags.map(([k, v]) => (
              <tr key={k}>
                <td className="pr-4 text-fg-muted">{k.slice(FLAG_ATTRIBUTE.length)}</td>
                <td>{String(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

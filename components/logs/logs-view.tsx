'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLogs, type LogFilters, type LogLine } from '@/lib/swr/use-traces';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TraceLink } from '@/components/traces/trace-link';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/text/date-format';
import { PageHeader } from '@/components/ui/page-header';
import { FilterForm } from '@/components/ui/filter-form';

const LEVEL_STYLE: Record<string, string> = {
  fatal: 'bg-danger-soft text-danger-fg',
  error: 'bg-danger-soft text-danger-fg',
  warn: 'bg-warning-soft text-warning-fg',
  info: 'bg-surface-hover text-fg-secondary',
  debug: 'bg-surface-hover text-fg-muted',
  trace: 'bg-surface-hover text-fg-muted',
};

/** How far back a trace's lines are read: as long as lines are kept. */
const TRACE_HOURS = 24 * 90;

/** The project's logs (Sentry.logger.* and OTLP), newest first: by level, text and attribute, with a live tail. */
export function LogsView({ projectId }: { projectId: string }) {
  // ?traceId= (a trace page's "log lines" link, #60): that trace's lines, over the 90 days lines are kept.
  const traceId = useSearchParams().get('traceId') ?? '';
  const [filters, setFilters] = useState<LogFilters>({
    level: '',
    query: '',
    attribute: '',
    traceId,
    hours: traceId ? String(TRACE_HOURS) : '',
  });
  const [live, setLive] = useState(false);
  const { page, error, isLoading } = useLogs(projectId, filters, live);
  const set = (k: keyof LogFilters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [k]: e.target.value });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Logs"
        description={
          <>
            Log lines from Sentry SDKs (<code>Sentry.logger.info(…)</code> with <code>enableLogs: true</code>) and
            OpenTelemetry exporters (OTLP/HTTP), each linked to its trace. Last 24 hours; times in UTC.
          </>
        }
      />
      <FilterForm label="Filter logs" className="sm:grid-cols-[10rem_1fr_1fr_auto]">
        <SelectField name="log-level" label="Level" className="w-full" value={filters.level} onChange={set('level')}>
          <option value="">All levels</option>
          <option value="fatal,error">Errors</option>
          <option value="warn">Warnings</option>
          <option value="info">Info</option>
          <option value="debug,trace">Debug</option>
        </SelectField>
        <Field
          name="log-query"
          label="Message contains"
          type="search"
          value={filters.query}
          onChange={set('query')}
          placeholder="checkout"
        />
        <Field
          name="log-attribute"
          label="Attribute"
          value={filters.attribute}
          onChange={set('attribute')}
          placeholder="user.id:42"
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} className="size-4" />
          Live tail
        </label>
      </FilterForm>
      {filters.traceId && (
        <p className="text-sm text-fg-secondary" data-testid="logs-trace-filter">
          The lines of trace{' '}
          <TraceLink traceId={filters.traceId} className="font-mono text-link hover:underline">
            {filters.traceId.slice(0, 16)}
          </TraceLink>
          .{' '}
          <button
            type="button"
            className="text-link hover:underline"
            onClick={() => setFilters({ ...filters, traceId: '', hours: '' })}
          >
            All lines
          </button>
        </p>
      )}
      {error ? (
        <ErrorState error={error} title="Could not load the logs" />
      ) : isLoading || !page ? (
        <LoadingState label="Loading logs" />
      ) : page.logs.length === 0 ? (
        <EmptyState
          title="No log lines"
          description={filters.traceId ? 'Nothing of this trace matches.' : 'Nothing matches in the last 24 hours.'}
        />
      ) : (
        <ol
          className="divide-y divide-line-subtle rounded-xl border border-line bg-surface font-mono text-xs"
          data-testid="logs"
          aria-live={live ? 'polite' : undefined}
        >
          {page.logs.map((l) => (
            <LogRow key={l.id} l={l} />
          ))}
        </ol>
      )}
    </div>
  );
}

function LogRow({ l }: { l: LogLine }) {
  const [open, setOpen] = useState(false);
  return (
    <li data-testid="log" data-level={l.level}>
      <button
        type="button"
        // On a phone the time and level take the first line and the message the lines below.
        className="flex w-full flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5 text-left hover:bg-surface-hover sm:flex-nowrap"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <time
          className="shrink-0 whitespace-nowrap text-fg-muted tabular-nums"
          dateTime={l.timestamp}
          title={formatDateTime(l.timestamp, { precision: 'ms' })}
          data-testid="log-time"
        >
          {formatDateTime(l.timestamp, { precision: 'ms', zone: false })}
        </time>
        <span className={cn('w-12 shrink-0 rounded px-1 text-center font-semibold uppercase', LEVEL_STYLE[l.level])}>
          {l.level}
        </span>
        {/* Lines break between words; only a token longer than the line (a URL, an id) breaks inside. */}
        <span className="min-w-0 basis-full wrap-break-word sm:flex-1 sm:basis-auto" data-testid="log-body">
          {l.body}
        </span>
      </button>
      {open && (
        <div className="space-y-2 bg-surface-muted px-4 py-3">
          {l.template && l.template !== l.body && <p className="wrap-break-word">Template: {l.template}</p>}
          {l.traceId && (
            <p>
              <TraceLink traceId={l.traceId} />
            </p>
          )}
          {l.attributes && (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5">
              {Object.entries(l.attributes).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-fg-muted">{k}</dt>
                  <dd className="min-w-0 wrap-break-word">{String(v)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </li>
  );
}

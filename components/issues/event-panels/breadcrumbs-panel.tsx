'use client';

import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/components/ui/cn';
import type { Breadcrumb } from '../event-shape';
import { exactTime, formatDateTime, formatTimeOfDay } from '@/lib/text/date-format';

/** Past this many, the earlier breadcrumbs fold: the last few before the error are what a reader wants. */
const SHOWN = 10;
const FOLD_OVER = 15;

/** SDK bookkeeping (`__span`: the span of a fetch, from @sentry/browser), hidden as Sentry's UI hides it. */
const internal = (key: string) => key.startsWith('__');

/** A nested value as indented JSON, without the SDK's internal keys at any depth. */
const nestedJson = (v: object) => JSON.stringify(v, (k, val: unknown) => (internal(k) ? undefined : val), 2);

const LEVEL_TONES: Record<string, string> = {
  fatal: 'text-danger-fg font-semibold',
  error: 'text-danger-fg font-semibold',
  warning: 'text-warning-fg font-semibold',
};

function DataValue({ value }: { value: unknown }) {
  if (value !== null && typeof value === 'object') {
    const size = Array.isArray(value) ? value.length : Object.keys(value).filter((k) => !internal(k)).length;
    return (
      <details className="inline-block max-w-full align-top">
        <summary className="cursor-pointer text-link hover:underline">
          {Array.isArray(value) ? `${size} ${size === 1 ? 'item' : 'items'}` : `${size} ${size === 1 ? 'key' : 'keys'}`}
        </summary>
        <pre className="mt-1 overflow-x-auto rounded bg-surface-muted p-2 leading-5">{nestedJson(value)}</pre>
      </details>
    );
  }
  return <>{value === null ? 'null' : String(value)}</>;
}

/** A breadcrumb's data as "key: value" pairs; a nested value opens on demand. */
function BreadcrumbData({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data).filter(([k, v]) => !internal(k) && v !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs" data-testid="breadcrumb-data">
      {entries.map(([k, v]) => (
        <div key={k} className="flex max-w-full min-w-0 gap-1">
          <dt className="shrink-0 text-fg-muted">{k}:</dt>
          <dd className="min-w-0 font-mono break-all text-fg-secondary">
            <DataValue value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BreadcrumbRow({ b }: { b: Breadcrumb }) {
  const level = b.level ?? 'info';
  const iso = b.timestamp === undefined ? undefined : exactTime(new Date(b.timestamp));
  return (
    <li
      className="grid grid-cols-1 gap-y-0.5 py-2 @2xl:grid-cols-[6.5rem_9rem_4rem_minmax(0,1fr)] @2xl:gap-x-4"
      data-testid="breadcrumb"
      data-level={level}
    >
      {/* One line above the message on a narrow screen; its own columns on a wide one. */}
      <div className="flex flex-wrap items-baseline gap-x-2 @2xl:contents">
        <span className="font-mono text-xs whitespace-nowrap text-fg-muted">
          {iso ? (
            <time dateTime={iso} title={formatDateTime(iso, { precision: 'ms' })}>
              {formatTimeOfDay(iso, 'ms')}
            </time>
          ) : (
            '—'
          )}
        </span>
        <span className="min-w-0">
          <span className="rounded bg-surface-hover px-1.5 py-0.5 font-mono text-xs break-all text-fg-secondary">
            {b.category ?? b.type}
          </span>
          {b.category && b.type !== 'default' && <span className="ml-1 text-xs text-fg-muted">{b.type}</span>}
        </span>
        <span className={cn('text-xs text-fg-muted', LEVEL_TONES[level])} data-testid="breadcrumb-level">
          {level}
        </span>
      </div>
      <div className="min-w-0">
        {b.message && (
          <p className="font-mono text-xs break-words text-fg" data-testid="breadcrumb-message">
            {b.message}
          </p>
        )}
        {b.data && <BreadcrumbData data={b.data} />}
      </div>
    </li>
  );
}

/** What happened before the event, oldest first, as a timeline: time, category, level, message and data. */
export function BreadcrumbsPanel({ breadcrumbs }: { breadcrumbs: Breadcrumb[] }) {
  const [all, setAll] = useState(false);
  if (breadcrumbs.length === 0) return null;
  const folded = !all && breadcrumbs.length > FOLD_OVER ? breadcrumbs.length - SHOWN : 0;
  return (
    <SectionCard title="Breadcrumbs">
      <div className="hidden grid-cols-[6.5rem_9rem_4rem_minmax(0,1fr)] gap-x-4 border-b border-line-subtle pb-1.5 text-xs font-medium text-fg-muted uppercase @2xl:grid">
        <span aria-hidden="true">Time</span>
        <span aria-hidden="true">Category</span>
        <span aria-hidden="true">Level</span>
        <span aria-hidden="true">Message</span>
      </div>
      {folded > 0 && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="w-full border-b border-line-subtle py-2 text-left text-xs font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus"
          data-testid="show-earlier-breadcrumbs"
        >
          Show {folded} earlier breadcrumbs
        </button>
      )}
      <ol className="divide-y divide-line-subtle" aria-label="Breadcrumbs, oldest first" data-testid="breadcrumbs">
        {breadcrumbs.slice(folded).map((b, i) => (
          <BreadcrumbRow key={folded + i} b={b} />
        ))}
      </ol>
    </SectionCard>
  );
}

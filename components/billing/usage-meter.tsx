'use client';

import { cn } from '@/components/ui/cn';
import type { Usage } from '@/lib/swr/use-usage';
import { usageLevel, usageRatio } from '@/lib/usage/usage-level';
import { BAR_CLASS } from './usage-tone';
import { formatMonth } from '@/lib/text/date-format';

const n = (v: number) => v.toLocaleString('en-US');
/** "1 error", "2 errors". */
const count = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

/** Events used this month against the plan's quota, the level breakdown and the (uncounted) transactions. */
export function UsageMeter({ usage }: { usage: Usage }) {
  if (usage.unlimited) {
    return (
      <p className="text-sm text-fg-secondary">
        <span className="text-2xl font-semibold text-fg tabular-nums" data-testid="usage-used">
          {n(usage.used)}
        </span>{' '}
        {usage.used === 1 ? 'event' : 'events'} in {formatMonth(usage.month)}, with no quota on this server (
        {count(usage.breakdown.errors, 'error')}, {count(usage.breakdown.warnings, 'warning')},{' '}
        {n(usage.breakdown.info)} info; {count(usage.transactions, 'transaction')}).
      </p>
    );
  }
  const ratio = usageRatio(usage.used, usage.limit);
  const percent = Math.floor(ratio * 1000) / 10;
  // A handful of events would otherwise read "0%", as if nothing had been counted.
  const percentLabel = usage.used > 0 && percent < 0.1 ? '< 0.1%' : `${percent}%`;
  const tone = BAR_CLASS[usageLevel(ratio)];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-fg-secondary">
          <span className="text-2xl font-semibold text-fg tabular-nums" data-testid="usage-used">
            {n(usage.used)}
          </span>{' '}
          of <span data-testid="usage-limit">{n(usage.limit)}</span> events in {formatMonth(usage.month)}
        </p>
        <p className="text-sm font-medium tabular-nums" data-testid="usage-percent">
          {percentLabel}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Events used this month"
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={Math.min(usage.used, usage.limit)}
        aria-valuetext={`${n(usage.used)} of ${n(usage.limit)} events (${percentLabel})`}
        className="h-3 w-full overflow-hidden rounded-full bg-track"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', tone)}
          style={{ width: `${Math.max(ratio * 100, usage.used > 0 ? 1 : 0)}%` }}
        />
      </div>
      {ratio >= 1 && (
        <p role="alert" className="text-sm font-medium text-danger">
          The monthly quota is used up: new events are refused until the month changes or the plan is upgraded.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          { label: 'Errors', value: usage.breakdown.errors, id: 'errors', note: 'fatal and error' },
          { label: 'Warnings', value: usage.breakdown.warnings, id: 'warnings', note: 'warning' },
          { label: 'Info', value: usage.breakdown.info, id: 'info', note: 'info and debug' },
          { label: 'Transactions', value: usage.transactions, id: 'transactions', note: 'not counted in the quota' },
        ].map((item) => (
          <div key={item.id} className="rounded-lg border border-line px-3 py-2">
            <dt className="text-xs font-medium text-fg-muted">{item.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`usage-${item.id}`}>
              {n(item.value)}
            </dd>
            <dd className="text-xs text-fg-muted">{item.note}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { useUsage } from '@/lib/swr/use-usage';
import { usageLevel, usageRatio } from '@/lib/usage/usage-level';
import { BAR_CLASS } from './usage-tone';

const n = (v: number) => v.toLocaleString('en-US');

const TEXT_CLASS = { ok: 'text-fg-muted', warning: 'text-warning', danger: 'text-danger' } as const;

const LINK_CLASS =
  'flex min-w-0 items-center gap-2 rounded-md px-1 py-0.5 hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus';

/**
 * Plan and this month's events against the quota, in the header; links to billing. On a server without plan limits
 * (PLAN_LIMITS=off) there is no plan to show and no quota to fill: only the month's count.
 */
export function HeaderUsage({ plan: initialPlan, limitsApply }: { plan: 'FREE' | 'PRO'; limitsApply: boolean }) {
  const { data } = useUsage();
  const plan = data?.plan ?? initialPlan;
  const unlimited = data ? data.unlimited === true : !limitsApply;

  if (unlimited) {
    if (!data) return null;
    const summary = `${n(data.used)} ${data.used === 1 ? 'event' : 'events'} this month`;
    return (
      <Link
        href="/settings/billing"
        className={LINK_CLASS}
        aria-label={`${summary}, no quota on this server. Usage`}
        data-testid="header-usage"
        data-level="unlimited"
      >
        <span className="truncate text-xs text-fg-muted tabular-nums" data-testid="header-usage-text">
          {summary}
        </span>
      </Link>
    );
  }

  const ratio = data ? usageRatio(data.used, data.limit) : 0;
  const level = usageLevel(ratio);
  const summary = data ? `${n(data.used)} / ${n(data.limit)} events this month` : undefined;
  return (
    <Link
      href="/settings/billing"
      className={LINK_CLASS}
      aria-label={`${plan} plan${summary ? `, ${summary}` : ''}${level === 'danger' ? ', quota used up' : level === 'warning' ? ', nearly used up' : ''}. Billing`}
      data-testid="header-usage"
      data-level={data ? level : undefined}
    >
      <Badge tone={plan === 'PRO' ? 'blue' : 'neutral'} data-testid="plan-badge">
        {plan}
      </Badge>
      {data && (
        <span className="flex min-w-0 flex-col gap-1">
          <span
            className={cn('truncate text-xs tabular-nums', TEXT_CLASS[level], level !== 'ok' && 'font-semibold')}
            data-testid="header-usage-text"
          >
            {summary}
          </span>
          <span aria-hidden="true" className="block h-1 w-full overflow-hidden rounded-full bg-track">
            <span
              className={cn('block h-full rounded-full', BAR_CLASS[level])}
              style={{ width: `${Math.max(ratio * 100, data.used > 0 ? 2 : 0)}%` }}
            />
          </span>
        </span>
      )}
    </Link>
  );
}

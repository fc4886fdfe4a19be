'use client';

import { useUsage, type Usage } from '@/lib/swr/use-usage';
import { plural } from '@/lib/text/plural';
import { formatMonth } from '@/lib/text/date-format';

const n = (v: number) => v.toLocaleString('en-US');

/** In the header's words: "9 / 10,000 events this month", or "9 events this month" where no quota applies. */
const eventsThisMonth = (count: number, usage: Usage | undefined) =>
  usage && !usage.unlimited
    ? `${n(count)} / ${n(usage.limit)} events this month`
    : `${plural(count, 'event')} this month`;

/**
 * The errors (and security reports) accepted this UTC month, worded as the header's "events this month" that the quota counts; on a
 * project's page, this project's share and then the organization's count (the header's number).
 */
export function MonthQuota({
  projectId,
  month,
  accepted,
}: {
  projectId: string | null;
  month: string;
  accepted: number;
}) {
  const { data: usage } = useUsage();
  const plan = usage && !usage.unlimited ? ` on the ${usage.plan} plan` : '';
  return (
    <div className="rounded-lg bg-surface-muted px-3 py-2 text-sm" data-testid="month-quota">
      {projectId ? (
        <p>
          <strong className="font-semibold tabular-nums" data-testid="month-errors">
            {plural(accepted, 'event')} this month
          </strong>{' '}
          from this project
          {usage && (
            <>
              {' '}
              · the organization: <span data-testid="month-organization">{eventsThisMonth(usage.used, usage)}</span>
              {plan}
            </>
          )}
        </p>
      ) : (
        <p>
          <strong className="font-semibold tabular-nums" data-testid="month-errors">
            {eventsThisMonth(accepted, usage)}
          </strong>
          {plan}
        </p>
      )}
      <p className="mt-0.5 text-xs text-fg-secondary">
        {formatMonth(month)}, UTC. Each error event accepted, of any level, and each browser security report is one
        event against the monthly quota; the other kinds of item below are not counted in it.
      </p>
    </div>
  );
}

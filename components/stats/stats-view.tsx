'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { CATEGORY_LABELS, OUTCOMES, OUTCOME_LABELS, type Outcome } from '@/lib/outcomes/categories';
import { useStats } from '@/lib/swr/use-stats';
import { OutcomesChart, OUTCOME_COLORS } from '@/components/charts/outcomes-chart';
import { Card } from '@/components/ui/card';
import { ScrollTable, th } from '@/components/ui/scroll-table';
import { ErrorState, LoadingState } from '@/components/dashboard/states';
import { RangeLinks } from '@/components/performance/range-links';

const RANGES = [7, 14, 30, 90] as const;

// What a person can do about each outcome, in one line.
const ADVICE: Partial<Record<Outcome, string>> = {
  rate_limited: 'Refused by the per-key rate limit: raise INGEST_RATE_LIMIT_PER_SECOND or sample in the SDK.',
  over_quota: "Refused because the organization's monthly quota is used up.",
  invalid: 'Refused as malformed: the reason names the first field that was wrong.',
  client_discard:
    'Dropped by the SDK before sending (its queue, sampling, before_send, its own backoff), as its client reports say.',
  unsupported: 'Accepted, but not stored: this item type is not kept yet.',
  filtered: 'Not stored on purpose (a repeated event id).',
};

/** Why events are missing: every item received per day by outcome, and a table of outcomes by category and reason. */
export function StatsView({ projectId }: { projectId: string | null }) {
  const params = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (RANGES as readonly number[]).includes(asked) ? asked : 30;
  const { stats, error, isLoading } = useStats(projectId, days);
  const scope = projectId ? 'this project' : 'every project of the organization';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Stats</h1>
          <p className="mt-1 text-sm text-fg-secondary">
            What happened to everything the SDKs sent to {scope}: stored, or refused and why, or dropped by the SDK
            itself.{' '}
            {projectId ? (
              <Link href="/settings/stats" className="font-medium text-fg underline underline-offset-4">
                Whole organization
              </Link>
            ) : null}
          </p>
        </div>
        <RangeLinks
          param="days"
          values={RANGES}
          current={days as (typeof RANGES)[number]}
          labelOf={(d) => `${d} days`}
        />
      </div>
      {error ? (
        <ErrorState error={error} title="Could not load the stats" />
      ) : isLoading || !stats ? (
        <LoadingState label="Loading stats" />
      ) : (
        <>
          <Card>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
              {OUTCOMES.map((o) => (
                <div key={o}>
                  <dt className="flex items-center gap-1.5 text-xs text-fg-muted">
                    <span
                      aria-hidden="true"
                      className="inline-block size-2.5 rounded-sm"
                      style={{ background: OUTCOME_COLORS[o] }}
                    />
                    {OUTCOME_LABELS[o]}
                  </dt>
                  <dd className="text-lg font-semibold tabular-nums" data-testid={`total-${o}`}>
                    {stats.totals[o].toLocaleString('en-US')}
                  </dd>
                </div>
              ))}
            </dl>
            <OutcomesChart series={stats.series} totals={stats.totals} />
          </Card>
          {stats.rows.length === 0 ? (
            <Card>
              <p className="text-sm text-fg-secondary">Nothing received in the last {days} days.</p>
            </Card>
          ) : (
            <ScrollTable label="Outcomes by category and reason">
              <table className="w-full text-sm">
                <thead className="border-b border-line text-left">
                  <tr>
                    <th scope="col" className={th}>
                      Category
                    </th>
                    <th scope="col" className={th}>
                      Outcome
                    </th>
                    <th scope="col" className={th}>
                      Reason
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Items
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line-subtle">
                  {stats.rows.map((r) => (
                    <tr key={`${r.category}/${r.outcome}/${r.reason}`}>
                      <td className="px-4 py-2.5">{CATEGORY_LABELS[r.category] ?? r.category}</td>
                      <td className="px-4 py-2.5" title={ADVICE[r.outcome]}>
                        {OUTCOME_LABELS[r.outcome] ?? r.outcome}
                      </td>
                      <td className="px-4 py-2.5 font-mono text-xs">{r.reason || '—'}</td>
                      <td className="px-4 py-2.5 text-right tabular-nums">{r.quantity.toLocaleString('en-US')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
          <ul className="space-y-1 text-xs text-fg-muted">
            {OUTCOMES.filter((o) => ADVICE[o] && stats.totals[o] > 0).map((o) => (
              <li key={o}>
                <span className="font-medium text-fg-secondary">{OUTCOME_LABELS[o]}:</span> {ADVICE[o]}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

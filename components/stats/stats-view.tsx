'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { OUTCOMES, OUTCOME_LABELS, type Category, type Outcome } from '@/lib/outcomes/categories';
import { useStats, type Stats } from '@/lib/swr/use-stats';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { RangeLinks } from '@/components/ui/range-links';
import { CategoryCard, EmptyCategories } from './category-card';
import { MonthQuota } from './month-quota';
import { OutcomesTable } from './outcomes-table';
import { PageHeader } from '@/components/ui/page-header';
import { plural } from '@/lib/text/plural';

const RANGES = [7, 14, 30, 90] as const;

// After errors (always first: what counts against the quota), every kind an SDK sends and we store.
const MAIN: readonly Category[] = [
  'transaction',
  'span',
  'session',
  'log_item',
  'trace_metric',
  'feedback',
  'attachment',
  'monitor',
  'replay',
];
// Browser security reports (most projects never get one), kinds we do not store, and requests whose body was never
// read: listed only when something came.
const RARE: readonly Category[] = ['security', 'profile', 'metric', 'unknown'];

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

/**
 * Why events are missing, one kind of item at a time (never a sum of unlike things): errors first with this month's
 * count against the quota, then each other category's outcomes per day, then every outcome by category and reason.
 */
export function StatsView({ projectId }: { projectId: string | null }) {
  const params = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (RANGES as readonly number[]).includes(asked) ? asked : 30;
  const { stats, error, isLoading } = useStats(projectId, days);
  const scope = projectId ? 'this project' : 'every project of the organization';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Stats"
        description={
          <>
            What happened to everything the SDKs sent to {scope}, per kind of item: stored, or refused and why, or
            dropped by the SDK itself.{' '}
            {projectId ? (
              <Link href="/settings/stats" className="font-medium text-fg underline underline-offset-4">
                Whole organization
              </Link>
            ) : null}
          </>
        }
        actions={
          <RangeLinks
            param="days"
            values={RANGES}
            current={days as (typeof RANGES)[number]}
            labelOf={(d) => `${d} days`}
          />
        }
      />
      {error ? (
        <ErrorState error={error} title="Could not load the stats" />
      ) : isLoading || !stats ? (
        <LoadingState label="Loading stats" />
      ) : (
        <Categories stats={stats} projectId={projectId} days={days} />
      )}
    </div>
  );
}

function Categories({ stats, projectId, days }: { stats: Stats; projectId: string | null; days: number }) {
  const of = new Map(stats.categories.map((c) => [c.category, c]));
  const shown = [...MAIN, ...RARE].filter((c) => of.has(c));
  const empty = MAIN.filter((c) => !of.has(c));
  return (
    <>
      <CategoryCard category="error" stats={of.get('error')} days={days}>
        <MonthQuota
          projectId={projectId}
          month={stats.month.month}
          accepted={stats.month.accepted.error + stats.month.accepted.security}
        />
      </CategoryCard>
      {shown.length > 0 && (
        <div className="grid gap-6 lg:grid-cols-2">
          {shown.map((c) => (
            <CategoryCard key={c} category={c} stats={of.get(c)} days={days}>
              {c === 'replay' && (
                <p className="text-sm text-fg-secondary" data-testid="replay-count">
                  {plural(stats.replays, 'replay')} begun in the range, each counted once; a replay sends its recording
                  in several segments, each counted below.
                </p>
              )}
            </CategoryCard>
          ))}
        </div>
      )}
      <EmptyCategories categories={empty} days={days} />
      {stats.rows.length > 0 && <OutcomesTable rows={stats.rows} advice={ADVICE} />}
      <ul className="space-y-1 text-xs text-fg-muted">
        {OUTCOMES.filter((o) => ADVICE[o] && stats.totals[o] > 0).map((o) => (
          <li key={o}>
            <span className="font-medium text-fg-secondary">{OUTCOME_LABELS[o]}:</span> {ADVICE[o]}
          </li>
        ))}
      </ul>
    </>
  );
}

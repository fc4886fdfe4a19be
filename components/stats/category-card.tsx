import type { ReactNode } from 'react';
import { CATEGORY_LABELS, OUTCOMES, OUTCOME_LABELS, type Category, type Outcome } from '@/lib/outcomes/categories';
import type { CategoryStats } from '@/lib/outcomes/read-stats';
import { OutcomesChart, OUTCOME_COLORS } from '@/components/charts/outcomes-chart';
import { Card } from '@/components/ui/card';

// Sentry's four columns for every category; the other outcomes only where they happened.
const ALWAYS: readonly Outcome[] = ['accepted', 'filtered', 'rate_limited', 'invalid'];

/**
 * One kind of item over the range: its totals by outcome and its chart per day; without `stats` (nothing in the
 * range) one line says so. `children` go under the heading.
 */
export function CategoryCard({
  category,
  stats,
  days,
  children,
}: {
  category: Category;
  stats: CategoryStats | undefined;
  days: number;
  children?: ReactNode;
}) {
  const name = CATEGORY_LABELS[category] ?? category;
  const headingId = `category-${category}-heading`;
  return (
    <Card>
      <section
        aria-labelledby={headingId}
        data-testid={`category-${category}`}
        data-empty={stats ? undefined : 'true'}
        className="space-y-4"
      >
        <h2 id={headingId} className="text-base font-semibold">
          {name}
        </h2>
        {children}
        {stats ? <Totals stats={stats} name={name} /> : <Nothing days={days} />}
      </section>
    </Card>
  );
}

function Totals({ stats, name }: { stats: CategoryStats; name: string }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {OUTCOMES.filter((o) => ALWAYS.includes(o) || stats.totals[o] > 0).map((o) => (
          <div key={o}>
            <dt className="flex items-center gap-1.5 text-xs text-fg-muted">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 shrink-0 rounded-sm"
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
      <OutcomesChart name={name} series={stats.series} totals={stats.totals} />
    </>
  );
}

const Nothing = ({ days }: { days: number }) => (
  <p className="text-sm text-fg-muted">Nothing received in the last {days} days.</p>
);

/** Categories with nothing in the range, one line each instead of an empty chart. */
export function EmptyCategories({ categories, days }: { categories: Category[]; days: number }) {
  if (categories.length === 0) return null;
  return (
    <Card>
      <ul aria-label={`Nothing received in the last ${days} days`} className="divide-y divide-line-subtle">
        {categories.map((c) => (
          <li key={c} data-testid={`category-${c}`} data-empty="true" className="py-2 text-sm first:pt-0 last:pb-0">
            <span className="font-medium">{CATEGORY_LABELS[c] ?? c}</span>
            <span className="text-fg-secondary">: nothing received in the last {days} days.</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

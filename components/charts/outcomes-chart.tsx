'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { OUTCOMES, OUTCOME_LABELS, type Outcome } from '@/lib/outcomes/categories';
import type { StatsDay } from '@/lib/outcomes/read-stats';
import { LEGEND_STYLE, TICK, TOOLTIP_THEME } from './chart-theme';

/** Each outcome's colour: accepted green, refusals warm, what never reached us grey. */
export const OUTCOME_COLORS: Record<Outcome, string> = {
  accepted: 'var(--color-success-solid)',
  filtered: 'var(--color-info-solid)',
  rate_limited: 'var(--color-warning-solid)',
  over_quota: 'var(--color-danger-solid)',
  invalid: 'color-mix(in oklab, var(--color-danger-solid) 45%, var(--color-surface))',
  client_discard: 'var(--color-fg-muted)',
  unsupported: 'var(--color-line-strong)',
};

const shortDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One kind of item per UTC day, stacked by outcome; the figure's label carries the totals for screen readers
 * ("Errors, last 30 days: accepted 2, invalid 1").
 */
export function OutcomesChart({
  name,
  series,
  totals,
}: {
  name: string;
  series: StatsDay[];
  totals: Record<Outcome, number>;
}) {
  const shown = OUTCOMES.filter((o) => totals[o] > 0);
  const summary =
    shown.length === 0
      ? `${name}: nothing received in the last ${series.length} days`
      : `${name}, last ${series.length} days: ${shown.map((o) => `${OUTCOME_LABELS[o].toLowerCase()} ${totals[o].toLocaleString('en-US')}`).join(', ')}`;
  return (
    <figure className="m-0" data-testid="outcomes-chart">
      <div role="img" aria-label={summary} className="h-44 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-line)" />
            <XAxis
              dataKey="date"
              tickFormatter={shortDate}
              tick={TICK}
              tickLine={false}
              axisLine={false}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} />
            <Tooltip
              cursor={{ fill: 'var(--color-surface-hover)' }}
              labelFormatter={(d) => shortDate(String(d))}
              {...TOOLTIP_THEME}
            />
            <Legend wrapperStyle={LEGEND_STYLE} />
            {shown.map((o) => (
              <Bar
                key={o}
                dataKey={o}
                name={OUTCOME_LABELS[o]}
                stackId="outcomes"
                fill={OUTCOME_COLORS[o]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-fg-muted">{summary}</figcaption>
    </figure>
  );
}

'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { OUTCOMES, OUTCOME_LABELS, type Outcome } from '@/lib/outcomes/categories';
import type { StatsDay } from '@/lib/outcomes/read-stats';
import { BAR_CURSOR, dayLabel, GRID, LEGEND_STYLE, timeAxis, TOOLTIP_THEME, VALUE_AXIS } from './chart-theme';
import { ChartFigure } from './chart-figure';
import { formatDate } from '@/lib/text/date-format';

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
    <ChartFigure summary={summary} testId="outcomes-chart" height="h-44">
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="date" {...timeAxis(dayLabel, 16)} />
        <YAxis {...VALUE_AXIS} />
        <Tooltip cursor={BAR_CURSOR} labelFormatter={(d) => formatDate(String(d))} {...TOOLTIP_THEME} />
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
    </ChartFigure>
  );
}

'use client';

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { BAR_CURSOR, dayLabel, GRID, timeAxis, TOOLTIP_THEME, VALUE_AXIS } from './chart-theme';
import { ChartFigure } from './chart-figure';
import { formatDate } from '@/lib/text/date-format';

type Bucket = { date: string; count: number };

/** Events per UTC day as bars; the figure's label carries the numbers for screen readers. */
export function EventsChart({ buckets }: { buckets: Bucket[] }) {
  const total = buckets.reduce((n, b) => n + b.count, 0);
  const peak = buckets.reduce((m, b) => (b.count > m.count ? b : m), buckets[0] ?? { date: '', count: 0 });
  const summary = `${total} events in the last ${buckets.length} days${total > 0 ? `, most on ${formatDate(peak.date)} (${peak.count})` : ''}`;
  return (
    <ChartFigure summary={summary} testId="events-chart" height="h-40">
      <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: -24 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="date" {...timeAxis(dayLabel, 16)} />
        <YAxis {...VALUE_AXIS} />
        <Tooltip
          cursor={BAR_CURSOR}
          labelFormatter={(d) => formatDate(String(d))}
          formatter={(v) => [String(v), 'Events']}
          {...TOOLTIP_THEME}
        />
        <Bar dataKey="count" fill="var(--color-danger-solid)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

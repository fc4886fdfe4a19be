'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TICK, TOOLTIP_THEME } from './chart-theme';

type Bucket = { date: string; count: number };

const shortDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Events per UTC day as bars; the figure's label carries the numbers for screen readers. */
export function EventsChart({ buckets }: { buckets: Bucket[] }) {
  const total = buckets.reduce((n, b) => n + b.count, 0);
  const peak = buckets.reduce((m, b) => (b.count > m.count ? b : m), buckets[0] ?? { date: '', count: 0 });
  const summary = `${total} events in the last ${buckets.length} days${total > 0 ? `, most on ${shortDate(peak.date)} (${peak.count})` : ''}`;
  return (
    <figure className="m-0" data-testid="events-chart">
      <div role="img" aria-label={summary} className="h-40 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: -24 }} accessibilityLayer={false}>
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
              formatter={(v) => [String(v), 'Events']}
              {...TOOLTIP_THEME}
            />
            <Bar dataKey="count" fill="var(--color-danger-solid)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-fg-muted">{summary}</figcaption>
    </figure>
  );
}

'use client';

import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartType } from '@/lib/zod/explore';
import type { ExploreResult } from '@/lib/swr/use-explore';
import { formatTick } from '@/lib/text/date-format';
import { ChartFigure } from '@/components/charts/chart-figure';
import { BAR_CURSOR, GRID, LEGEND_STYLE, TICK, TOOLTIP_THEME, timeAxis } from '@/components/charts/chart-theme';
import { formatValue } from './format';

// Categorical colours readable on both schemes' surfaces; "Other" is the muted ink.
const COLORS = [
  'oklch(60% 0.19 255)',
  'oklch(66% 0.19 40)',
  'oklch(64% 0.16 150)',
  'oklch(62% 0.2 310)',
  'oklch(72% 0.15 85)',
  'oklch(62% 0.12 200)',
  'oklch(62% 0.2 0)',
  'oklch(58% 0.1 100)',
  'oklch(55% 0.15 280)',
  'oklch(68% 0.12 20)',
];
const OTHER = 'var(--color-fg-muted)';

/** The first aggregate's series over time, as lines, areas or bars; the figure's caption carries the numbers. */
export function ExploreChart({ result, chart }: { result: ExploreResult; chart: ChartType }) {
  const aggregate = result.meta.aggregates[0];
  // Counts, sums and rates add up across groups: bars and areas stack. A percentile or an average does not.
  const stack = /^(count|sum|epm|spm)\(/.test(aggregate) ? 'stack' : undefined;
  const unit = result.meta.units[aggregate];
  const series = result.series.filter((s) => s.aggregate === aggregate);
  const day = Date.parse(result.meta.end) - Date.parse(result.meta.start) <= 86_400_000;
  const tick = (t: string) => formatTick(Number(t), day ? 'time' : 'day');
  const data = (series[0]?.values ?? []).map(([t], i) => ({
    t,
    ...Object.fromEntries(series.map((s, k) => [`s${k}`, s.values[i][1]])),
  }));
  const color = (k: number) => (series[k].other ? OTHER : COLORS[k % COLORS.length]);
  const summary = `${aggregate} per ${result.meta.interval}, ${series.length === 1 ? 'one series' : `${series.length} series`}: ${series
    .map((s) => `${s.label} peaks at ${formatValue(Math.max(0, ...s.values.map((v) => v[1] ?? 0)), unit)}`)
    .join('; ')}`;
  const common = { data, margin: { top: 8, right: 12, bottom: 0, left: 0 }, accessibilityLayer: false };
  const parts = [
    <CartesianGrid key="grid" {...GRID} />,
    <XAxis key="x" dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} {...timeAxis(tick, 24)} />,
    <YAxis
      key="y"
      tick={TICK}
      tickLine={false}
      axisLine={false}
      width={68}
      tickFormatter={(v: number) => formatValue(v, unit)}
    />,
    <Tooltip
      key="tooltip"
      cursor={chart === 'bar' ? BAR_CURSOR : undefined}
      labelFormatter={(t) => new Date(Number(t)).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'}
      formatter={(v, name) => [formatValue(v as number, unit), series[Number(String(name).slice(1))]?.label ?? name]}
      {...TOOLTIP_THEME}
    />,
    ...(series.length > 1
      ? [
          <Legend
            key="legend"
            wrapperStyle={LEGEND_STYLE}
            formatter={(name) => series[Number(String(name).slice(1))]?.label ?? name}
          />,
        ]
      : []),
  ];
  // The card carries the chart type, so a reader (and a test) knows how the series are drawn.
  return (
    <div className="rounded-xl border border-line bg-surface p-4" data-chart={chart} data-testid="explore-chart">
      <ChartFigure summary={summary} testId="explore-figure" height="h-72">
        {chart === 'bar' ? (
          <BarChart {...common}>
            {parts}
            {series.map((s, k) => (
              <Bar key={k} dataKey={`s${k}`} stackId={stack} fill={color(k)} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : chart === 'area' ? (
          <AreaChart {...common}>
            {parts}
            {series.map((s, k) => (
              <Area
                key={k}
                dataKey={`s${k}`}
                stackId={stack}
                stroke={color(k)}
                fill={color(k)}
                fillOpacity={0.3}
                isAnimationActive={false}
                connectNulls
              />
            ))}
          </AreaChart>
        ) : (
          <LineChart {...common}>
            {parts}
            {series.map((s, k) => (
              <Line
                key={k}
                dataKey={`s${k}`}
                stroke={color(k)}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            ))}
          </LineChart>
        )}
      </ChartFigure>
    </div>
  );
}

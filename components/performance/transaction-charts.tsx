'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  BAR_CURSOR,
  GRID,
  LEGEND_STYLE,
  TICK,
  timeAxis,
  TOOLTIP_THEME,
  VALUE_AXIS,
} from '@/components/charts/chart-theme';
import { ChartFigure } from '@/components/charts/chart-figure';
import type { ChartBucket, TransactionBucket } from '@/lib/zod/performance';
import { formatCount, formatMs } from './format';
import { formatDate, formatDateTime, formatTick } from '@/lib/text/date-format';

const PERCENTILES = [
  { key: 'p50', colour: 'var(--color-info)' },
  { key: 'p75', colour: 'var(--color-success-solid)' },
  { key: 'p95', colour: 'var(--color-warning-solid)' },
  { key: 'p99', colour: 'var(--color-danger-solid)' },
] as const;

/** Bucket starts in UTC, as precise as the bucket: 14:05, 14:00 or 05-20 (with the day for hours of a week). */
export function bucketLabel(iso: string, bucket: ChartBucket, spansDays: boolean): string {
  if (bucket === 'day') return formatTick(iso, 'day');
  return formatTick(iso, spansDays && bucket === 'hour' ? 'day-time' : 'time');
}

/** A bucket's start in full, for a tooltip or a summary: `2026-05-20`, or `2026-05-20 14:00 UTC`. */
const bucketTitle = (iso: string, bucket: ChartBucket) => (bucket === 'day' ? formatDate(iso) : formatDateTime(iso));

export const BUCKET_NOUN: Record<ChartBucket, string> = { minute: 'minute', hour: 'hour', day: 'day' };

type ChartProps = { series: TransactionBucket[]; bucket: ChartBucket; spansDays: boolean };

/** p50, p75, p95 and p99 of each bucket as lines; a bucket without transactions leaves a gap. */
export function DurationChart({ series, bucket, spansDays }: ChartProps) {
  const withData = series.filter((b) => b.count > 0);
  const worst = withData.reduce<TransactionBucket | null>(
    (m, b) => (m === null || (b.p95 ?? 0) > (m.p95 ?? 0) ? b : m),
    null,
  );
  const summary =
    worst === null
      ? 'No transactions in this range'
      : `Duration percentiles per ${BUCKET_NOUN[bucket]} over ${withData.length} ${withData.length === 1 ? BUCKET_NOUN[bucket] : `${BUCKET_NOUN[bucket]}s`} with transactions; highest p95 ${formatMs(worst.p95 ?? 0)} at ${bucketTitle(worst.start, bucket)}`;
  return (
    <ChartFigure summary={summary} testId="duration-chart" height="h-56">
      <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="start" {...timeAxis((v) => bucketLabel(v, bucket, spansDays), 24)} />
        <YAxis
          tickFormatter={(v: number) => formatCount(Math.round(v))}
          tick={TICK}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <Tooltip
          labelFormatter={(v) => bucketTitle(String(v), bucket)}
          formatter={(v, name) => [typeof v === 'number' ? formatMs(v) : '—', String(name)]}
          {...TOOLTIP_THEME}
        />
        <Legend wrapperStyle={LEGEND_STYLE} />
        {PERCENTILES.map(({ key, colour }) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={key}
            stroke={colour}
            strokeWidth={2}
            dot={{ r: 2, strokeWidth: 1 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

/** Transactions per bucket as stacked bars: those that ended `ok` and those that failed. */
export function ThroughputChart({ series, bucket, spansDays }: ChartProps) {
  const data = series.map((b) => ({ start: b.start, ok: b.count - b.failures, failed: b.failures }));
  const total = series.reduce((n, b) => n + b.count, 0);
  const failed = series.reduce((n, b) => n + b.failures, 0);
  const busiest = series.reduce<TransactionBucket | null>((m, b) => (m === null || b.count > m.count ? b : m), null);
  const summary =
    total === 0
      ? 'No transactions in this range'
      : `${formatCount(total)} transactions by the ${BUCKET_NOUN[bucket]}, ${formatCount(failed)} failed; busiest ${bucketTitle(busiest!.start, bucket)} with ${formatCount(busiest!.count)}`;
  return (
    <ChartFigure summary={summary} testId="throughput-chart" height="h-44">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="start" {...timeAxis((v) => bucketLabel(v, bucket, spansDays), 24)} />
        <YAxis {...VALUE_AXIS} width={48} />
        <Tooltip cursor={BAR_CURSOR} labelFormatter={(v) => bucketTitle(String(v), bucket)} {...TOOLTIP_THEME} />
        <Legend wrapperStyle={LEGEND_STYLE} />
        <Bar dataKey="ok" name="ok" stackId="t" fill="var(--color-info)" isAnimationActive={false} />
        <Bar
          dataKey="failed"
          name="failed (status not ok)"
          stackId="t"
          fill="var(--color-danger-solid)"
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}

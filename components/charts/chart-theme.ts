import { formatTick } from '@/lib/text/date-format';

// The charts' look in the theme's tokens, so every chart follows the light or dark scheme with the page.

/** Axis tick labels. */
export const TICK = { fontSize: 11, fill: 'var(--color-fg-muted)' };

/** The legend under a chart of several series. */
export const LEGEND_STYLE = { fontSize: 12, color: 'var(--color-fg-secondary)' };

/** The tooltip's box, label and items: spread onto Recharts' `<Tooltip>`. */
export const TOOLTIP_THEME = {
  contentStyle: {
    fontSize: 12,
    borderRadius: 8,
    background: 'var(--color-surface)',
    border: '1px solid var(--color-line-strong)',
    color: 'var(--color-fg)',
  },
  labelStyle: { color: 'var(--color-fg)' },
  itemStyle: { color: 'var(--color-fg)' },
};

/** The horizontal grid lines behind the bars or lines. */
export const GRID = { vertical: false, stroke: 'var(--color-line)' } as const;

/** The time axis: `label` writes each tick, `gap` keeps labels that far apart (px). */
export const timeAxis = (label: (value: string) => string, gap: number) => ({
  tickFormatter: (value: unknown) => label(String(value)),
  tick: TICK,
  tickLine: false,
  axisLine: false,
  minTickGap: gap,
});

/** The value axis: whole numbers, no line. */
export const VALUE_AXIS = { allowDecimals: false, tick: TICK, tickLine: false, axisLine: false } as const;

/** The hover band over a bar's slot. */
export const BAR_CURSOR = { fill: 'var(--color-surface-hover)' };

/** A UTC day (`2026-05-20`) as an axis tick: `05-20` (lib/text/date-format.ts). */
export const dayLabel = (day: string) => formatTick(`${day}T00:00:00Z`, 'day');

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

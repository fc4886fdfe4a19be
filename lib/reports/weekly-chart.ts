// The weekly report's chart: events per day, this week beside last week, as a PNG drawn pixel by pixel (no browser,
// no native canvas). Labels and figures are the email's HTML beside it, so the image carries no text.
import { PNG } from 'pngjs';

export const CHART_WIDTH = 1024;
export const CHART_HEIGHT = 400;
/** RGB of this week's bars and last week's (also the email's legend). */
export const THIS_WEEK_COLOR = [79, 70, 229] as const;
export const LAST_WEEK_COLOR = [203, 213, 225] as const;
const GRID_COLOR = [229, 231, 235] as const;
const AXIS_COLOR = [156, 163, 175] as const;

const PAD_X = 24;
const PAD_TOP = 16;
const PAD_BOTTOM = 16;
const GRID_LINES = 4;

type Rgb = readonly [number, number, number];

/** Two bars per day (last week left, this week right), heights proportional to the counts against the largest. */
export function weeklyChartPng(thisWeek: number[], lastWeek: number[]): Buffer {
  const png = new PNG({ width: CHART_WIDTH, height: CHART_HEIGHT, colorType: 2 });
  png.data.fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(CHART_HEIGHT, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(CHART_WIDTH, x1); x++) {
        const i = (y * CHART_WIDTH + x) << 2;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
  };
  const baseline = CHART_HEIGHT - PAD_BOTTOM;
  const plotHeight = baseline - PAD_TOP;
  for (let g = 1; g <= GRID_LINES; g++) {
    const y = baseline - Math.round((plotHeight * g) / GRID_LINES);
    fill(PAD_X, y, CHART_WIDTH - PAD_X, y + 1, GRID_COLOR);
  }
  const max = Math.max(1, ...thisWeek, ...lastWeek);
  const days = Math.max(thisWeek.length, lastWeek.length);
  const slot = (CHART_WIDTH - 2 * PAD_X) / days;
  const barWidth = Math.floor(slot * 0.32);
  const height = (n: number) => Math.round((plotHeight * n) / max);
  for (let d = 0; d < days; d++) {
    const center = Math.round(PAD_X + slot * d + slot / 2);
    const last = height(lastWeek[d] ?? 0);
    const cur = height(thisWeek[d] ?? 0);
    fill(center - barWidth - 2, baseline - last, center - 2, baseline, LAST_WEEK_COLOR);
    fill(center + 2, baseline - cur, center + barWidth + 2, baseline, THIS_WEEK_COLOR);
  }
  fill(PAD_X, baseline, CHART_WIDTH - PAD_X, baseline + 2, AXIS_COLOR);
  return PNG.sync.write(png, { colorType: 2 });
}

// The weekly report's chart: events per day, this week beside last week, as a PNG drawn pixel by pixel (no browser,
// no native canvas), with its day names and scale in a small bitmap font. The email's HTML repeats every figure.
import { PNG } from 'pngjs';

export const CHART_WIDTH = 1024;
export const CHART_HEIGHT = 400;
/** RGB of this week's bars and last week's (also the email's legend). */
export const THIS_WEEK_COLOR = [79, 70, 229] as const;
export const LAST_WEEK_COLOR = [203, 213, 225] as const;
const GRID_COLOR = [229, 231, 235] as const;
const AXIS_COLOR = [156, 163, 175] as const;
const LABEL_COLOR = [75, 85, 99] as const;

const PAD_LEFT = 96;
const PAD_RIGHT = 16;
const PAD_TOP = 16;
const PAD_BOTTOM = 48;
const GRID_LINES = 4;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

// 5 × 7 glyphs, one string of 0/1 per row: the weekday names, digits and the scale's "k", "M" and ".".
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  k: ['10000', '10000', '10010', '10100', '11000', '10100', '10010'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  a: ['00000', '00000', '01110', '00001', '01111', '10001', '01111'],
  d: ['00001', '00001', '01101', '10011', '10001', '10001', '01111'],
  e: ['00000', '00000', '01110', '10001', '11111', '10000', '01110'],
  h: ['10000', '10000', '10110', '11001', '10001', '10001', '10001'],
  i: ['00100', '00000', '01100', '00100', '00100', '00100', '01110'],
  n: ['00000', '00000', '10110', '11001', '10001', '10001', '10001'],
  o: ['00000', '00000', '01110', '10001', '10001', '10001', '01110'],
  r: ['00000', '00000', '10110', '11001', '10000', '10000', '10000'],
  t: ['01000', '01000', '11100', '01000', '01000', '01001', '00110'],
  u: ['00000', '00000', '10001', '10001', '10001', '10011', '01101'],
};
const SCALE = 3;
const ADVANCE = 6 * SCALE;

type Rgb = readonly [number, number, number];

/** The gridlines' step: a whole 1, 2 or 5 × a power of ten, so that four steps reach `max`. */
function gridStep(max: number): number {
  const raw = max / GRID_LINES;
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
}

/** 1500 → "1.5k", 2000000 → "2M". */
function shortNumber(n: number): string {
  if (n >= 1e6) return `${Math.round(n / 1e5) / 10}M`;
  if (n >= 1e3) return `${Math.round(n / 1e2) / 10}k`;
  return String(n);
}

/** Two bars per day (last week left, this week right) against a scale from 0 that reaches the largest count. */
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
  const text = (s: string, x: number, y: number) => {
    for (const [k, ch] of [...s].entries())
      GLYPHS[ch]?.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++)
          if (row[gx] === '1') {
            const px = x + k * ADVANCE + gx * SCALE;
            fill(px, y + gy * SCALE, px + SCALE, y + (gy + 1) * SCALE, LABEL_COLOR);
          }
      });
  };
  const textWidth = (s: string) => s.length * ADVANCE - SCALE;
  const baseline = CHART_HEIGHT - PAD_BOTTOM;
  const plotHeight = baseline - PAD_TOP;
  const step = gridStep(Math.max(...thisWeek, ...lastWeek));
  const top = step * GRID_LINES;
  for (let g = 0; g <= GRID_LINES; g++) {
    const y = baseline - Math.round((plotHeight * g) / GRID_LINES);
    if (g > 0) fill(PAD_LEFT, y, CHART_WIDTH - PAD_RIGHT, y + 1, GRID_COLOR);
    const label = shortNumber(step * g);
    text(label, PAD_LEFT - 12 - textWidth(label), y - Math.round((7 * SCALE) / 2));
  }
  const days = Math.max(thisWeek.length, lastWeek.length);
  const slot = (CHART_WIDTH - PAD_LEFT - PAD_RIGHT) / days;
  const barWidth = Math.floor(slot * 0.32);
  const height = (n: number) => Math.round((plotHeight * n) / top);
  for (let d = 0; d < days; d++) {
    const center = Math.round(PAD_LEFT + slot * d + slot / 2);
    const last = height(lastWeek[d] ?? 0);
    const cur = height(thisWeek[d] ?? 0);
    fill(center - barWidth - 2, baseline - last, center - 2, baseline, LAST_WEEK_COLOR);
    fill(center + 2, baseline - cur, center + barWidth + 2, baseline, THIS_WEEK_COLOR);
    const name = WEEKDAYS[d % 7];
    text(name, center - Math.round(textWidth(name) / 2), baseline + 14);
  }
  fill(PAD_LEFT, baseline, CHART_WIDTH - PAD_RIGHT, baseline + 2, AXIS_COLOR);
  return PNG.sync.write(png, { colorType: 2 });
}

import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, CHART_WIDTH, LAST_WEEK_COLOR, THIS_WEEK_COLOR, weeklyChartPng } from './weekly-chart';

/** The tallest run of `color` in any column. */
function tallest(png: PNG, color: readonly number[]): number {
  let best = 0;
  for (let x = 0; x < png.width; x++) {
    let n = 0;
    for (let y = 0; y < png.height; y++) {
      const i = (y * png.width + x) << 2;
      if (png.data[i] === color[0] && png.data[i + 1] === color[1] && png.data[i + 2] === color[2]) n++;
    }
    best = Math.max(best, n);
  }
  return best;
}

describe('weekly chart', () => {
  it('scales to a round number of four gridlines: 8 fills the plot, 4 half of it', () => {
    const png = PNG.sync.read(weeklyChartPng([8, 0, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0, 0]));
    expect([png.width, png.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    const full = tallest(png, THIS_WEEK_COLOR);
    expect(full).toBeGreaterThan(CHART_HEIGHT * 0.75);
    expect(tallest(png, LAST_WEEK_COLOR)).toBe(full / 2);
    // 5 events rise to 5/8 of the scale (0, 2, 4, 6, 8).
    const five = PNG.sync.read(weeklyChartPng([5, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]));
    expect(tallest(five, THIS_WEEK_COLOR)).toBe(Math.round((full * 5) / 8));
  });

  it('draws an empty week as axes and labels only', () => {
    const png = PNG.sync.read(weeklyChartPng([0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]));
    expect(tallest(png, THIS_WEEK_COLOR)).toBe(0);
    expect(tallest(png, LAST_WEEK_COLOR)).toBe(0);
  });
});

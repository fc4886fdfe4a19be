import { describe, expect, it } from 'vitest';
import { resolutionMinutes } from './metric-resolution';

describe('resolutionMinutes: how often a rule of a window is read (Sentry’s resolutions)', () => {
  it.each([
    [1, null, 1],
    [29, null, 1],
    [30, null, 2],
    [59, null, 2],
    [60, null, 3],
    [239, null, 3],
    [240, null, 5],
    [1439, null, 5],
    [1440, null, 15],
    [5, '1d', 2],
    [60, '1w', 6],
    [1440, '1d', 30],
  ])('a window of %i minutes, comparison %s: every %i', (window, comparison, every) => {
    expect(resolutionMinutes(window, comparison)).toBe(every);
  });
});

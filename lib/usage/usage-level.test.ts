import { describe, expect, it } from 'vitest';
import { usageLevel, usageRatio } from './usage-level';

describe('usageLevel', () => {
  it.each([
    [0, 10_000, 'ok'],
    [7_999, 10_000, 'ok'],
    [8_000, 10_000, 'warning'],
    [9_999, 10_000, 'warning'],
    [10_000, 10_000, 'danger'],
    [12_000, 10_000, 'danger'],
    [0, 0, 'danger'],
  ])('%i of %i is %s', (used, limit, level) => {
    expect(usageLevel(usageRatio(used, limit))).toBe(level);
  });
});

import { describe, expect, it } from 'vitest';
import { rateVital } from './rating';
import type { VitalName, VitalRating } from '@/lib/zod/performance';

// At, just below and just above each of the two thresholds of every vital.
const cases: [VitalName, number, VitalRating][] = [
  ['lcp', 2499, 'good'],
  ['lcp', 2500, 'good'],
  ['lcp', 2501, 'needs-improvement'],
  ['lcp', 3999, 'needs-improvement'],
  ['lcp', 4000, 'needs-improvement'],
  ['lcp', 4001, 'poor'],
  ['fcp', 1799, 'good'],
  ['fcp', 1800, 'good'],
  ['fcp', 1801, 'needs-improvement'],
  ['fcp', 2999, 'needs-improvement'],
  ['fcp', 3000, 'needs-improvement'],
  ['fcp', 3001, 'poor'],
  ['ttfb', 799, 'good'],
  ['ttfb', 800, 'good'],
  ['ttfb', 801, 'needs-improvement'],
  ['ttfb', 1799, 'needs-improvement'],
  ['ttfb', 1800, 'needs-improvement'],
  ['ttfb', 1801, 'poor'],
  ['cls', 0.09, 'good'],
  ['cls', 0.1, 'good'],
  ['cls', 0.11, 'needs-improvement'],
  ['cls', 0.24, 'needs-improvement'],
  ['cls', 0.25, 'needs-improvement'],
  ['cls', 0.26, 'poor'],
  ['lcp', 0, 'good'],
  ['cls', 0, 'good'],
];

describe('rateVital', () => {
  it.each(cases)('%s %d → %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

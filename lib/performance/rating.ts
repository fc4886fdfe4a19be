import type { VitalName, VitalRating } from '@/lib/zod/performance';

/** web-vitals thresholds: [good up to, needs-improvement up to]; LCP/FCP/TTFB in ms, CLS unitless. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  lcp: [2500, 4000],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
  cls: [0.1, 0.25],
};

/** A value exactly at a threshold gets the better rating, as web-vitals does. */
export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, needsImprovement] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  if (value <= needsImprovement) return 'needs-improvement';
  return 'poor';
}

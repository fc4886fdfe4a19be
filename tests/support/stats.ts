/** Independent expectations for the performance tests: PostgreSQL's percentile_cont (linear interpolation). */
export function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = fraction * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function percentiles(values: number[]) {
  if (values.length === 0) return null;
  return {
    p50: percentileCont(values, 0.5),
    p75: percentileCont(values, 0.75),
    p95: percentileCont(values, 0.95),
    p99: percentileCont(values, 0.99),
  };
}

/** How close the organization is to its monthly quota: warn from 80 %, danger once it is used up. */
export type UsageLevel = 'ok' | 'warning' | 'danger';

export function usageRatio(used: number, limit: number): number {
  return limit > 0 ? Math.min(1, used / limit) : 1;
}

export function usageLevel(ratio: number): UsageLevel {
  return ratio >= 1 ? 'danger' : ratio >= 0.8 ? 'warning' : 'ok';
}

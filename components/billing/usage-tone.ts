import type { UsageLevel } from '@/lib/usage/usage-level';

/** The usage bar's fill for each level (theme tokens, so it reads in light and dark). */
export const BAR_CLASS: Record<UsageLevel, string> = {
  ok: 'bg-info-solid',
  warning: 'bg-warning-solid',
  danger: 'bg-danger-solid',
};

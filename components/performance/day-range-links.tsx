'use client';

import { DAY_RANGES, type DayRange } from '@/lib/swr/use-performance';
import { RangeLinks } from '@/components/ui/range-links';

/** The performance and profiling pages' range (`?days=`): the last 24 hours, or 7, 14 or 30 days. */
export function DayRangeLinks({ current }: { current: DayRange }) {
  return (
    <RangeLinks
      param="days"
      values={DAY_RANGES}
      current={current}
      labelOf={(d) => (d === 1 ? '24 hours' : `${d} days`)}
    />
  );
}

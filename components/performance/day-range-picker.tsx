'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { DAY_RANGES, type DayRange } from '@/lib/swr/use-performance';

/** Links rather than state, so the range lives in `?days=` and survives reloads and sharing. */
export function DayRangePicker({ days }: { days: DayRange }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefFor = (d: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('days', String(d));
    return `${pathname}?${params}`;
  };

  return (
    <nav aria-label="Time range" className="inline-flex rounded-lg border border-line-strong bg-surface p-0.5">
      {DAY_RANGES.map((d) => (
        <Link
          key={d}
          href={hrefFor(d)}
          scroll={false}
          aria-current={d === days ? 'page' : undefined}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
            d === days
              ? 'bg-inverse text-on-inverse'
              : 'text-fg-secondary hover:bg-surface-hover',
          )}
        >
          {d === 1 ? '24 hours' : `${d} days`}
        </Link>
      ))}
    </nav>
  );
}

'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from './cn';

/**
 * A time range picker made of links rather than state, so the range lives in the URL (`?<param>=`) and
 * survives reloads and sharing; every other search param is kept.
 */
export function RangeLinks<T extends string | number>({
  param,
  values,
  current,
  labelOf,
}: {
  param: string;
  values: readonly T[];
  current: T;
  labelOf: (value: T) => string;
}) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefFor = (value: T) => {
    const params = new URLSearchParams(searchParams);
    params.set(param, String(value));
    return `${pathname}?${params}`;
  };

  return (
    <nav
      aria-label="Time range"
      className="inline-flex max-w-full flex-wrap rounded-lg border border-line-strong bg-surface p-0.5"
    >
      {values.map((value) => (
        <Link
          key={value}
          href={hrefFor(value)}
          scroll={false}
          aria-current={value === current ? 'page' : undefined}
          className={cn(
            'rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
            value === current ? 'bg-inverse text-on-inverse' : 'text-fg-secondary hover:bg-surface-hover',
          )}
        >
          {labelOf(value)}
        </Link>
      ))}
    </nav>
  );
}

'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { PERIOD_LABELS } from '@/lib/swr/use-performance';
import { TRANSACTION_PERIODS, type TransactionPeriod } from '@/lib/zod/performance';

/** Links rather than state, so the range lives in `?period=` and survives reloads and sharing. */
export function PeriodPicker({ period }: { period: TransactionPeriod }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefFor = (p: TransactionPeriod) => {
    const params = new URLSearchParams(searchParams);
    params.set('period', p);
    return `${pathname}?${params}`;
  };

  return (
    <nav aria-label="Time range" className="inline-flex max-w-full flex-wrap rounded-lg border border-line-strong bg-surface p-0.5">
      {TRANSACTION_PERIODS.map((p) => (
        <Link
          key={p}
          href={hrefFor(p)}
          scroll={false}
          aria-current={p === period ? 'page' : undefined}
          className={cn(
            'rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-focus',
            p === period ? 'bg-inverse text-on-inverse' : 'text-fg-secondary hover:bg-surface-hover',
          )}
        >
          {PERIOD_LABELS[p]}
        </Link>
      ))}
    </nav>
  );
}

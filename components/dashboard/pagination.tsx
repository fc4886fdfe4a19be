import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import { pluralAtLeast } from '@/lib/text/plural';

const linkClass = (disabled: boolean) =>
  cn(
    'inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
    disabled
      ? 'pointer-events-none border-line text-fg-faint'
      : 'border-line-strong bg-surface text-fg hover:bg-surface-hover',
  );

/** Previous / next links that keep every other search param; `hrefFor(page)` builds the URL. */
/** `noun` is the plural; `nounOne` (when given) is used for a total of one. */
export function Pagination({
  page,
  pages,
  total,
  totalCapped,
  noun,
  nounOne,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  total: number;
  totalCapped?: boolean;
  noun: string;
  nounOne?: string;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const last = Math.max(1, pages);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-fg-muted">
      <p>
        Page {Math.min(page, last)} of {last} ·{' '}
        {pluralAtLeast({
          count: total,
          atLeast: totalCapped,
          singular: nounOne ?? noun.replace(/s$/, ''),
          pluralForm: noun,
        })}
      </p>
      <div className="flex gap-2">
        <Link
          href={hrefFor(page - 1)}
          className={linkClass(page <= 1)}
          aria-disabled={page <= 1}
          tabIndex={page <= 1 ? -1 : undefined}
          rel="prev"
        >
          Previous
        </Link>
        <Link
          href={hrefFor(page + 1)}
          className={linkClass(page >= last)}
          aria-disabled={page >= last}
          tabIndex={page >= last ? -1 : undefined}
          rel="next"
        >
          Next
        </Link>
      </div>
    </nav>
  );
}

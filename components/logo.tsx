import { cn } from '@/components/ui/cn';

/** The mark and the name; `compact` hides the name below the `sm` breakpoint (the header at 375 px). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-fg">
      <svg viewBox="0 0 24 24" className="size-6 shrink-0" aria-hidden="true">
        <rect width="24" height="24" rx="6" className="fill-inverse" />
        <path
          d="M6 15l4-5 3 3 5-6"
          className="stroke-on-inverse"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn(compact && 'sr-only sm:not-sr-only')}>Tracker</span>
    </span>
  );
}

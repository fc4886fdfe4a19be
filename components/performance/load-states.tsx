'use client';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ApiError } from '@/lib/swr/fetcher';

/** A failed load: the API's message and a way to try again. */
export function LoadError({ error, onRetry, what }: { error: ApiError | Error; onRetry?: () => void; what: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger-fg"
    >
      <p>
        <span className="font-semibold">Could not load {what}.</span> {error.message}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** Grey placeholder blocks while the first response is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-track', className)} />;
}

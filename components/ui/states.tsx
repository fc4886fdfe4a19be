'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { Button } from './button';
import { Card } from './card';
import { cn } from './cn';
import { Spinner } from './spinner';

/**
 * The loading, empty and error states of every page. A page that has nothing to show yet uses LoadingState,
 * ErrorState and EmptyState (each fills the page's body); a section of a page that loads on its own uses Skeleton
 * and LoadError, so the rest of the page stays usable.
 */

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-sm text-fg-muted">
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Could not reach the server. Check your connection and try again.';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A page that failed to load: says what failed (`notFoundTitle` when the API answered 404), and offers a retry when
 * one can help and a way `back` to where the reader came from.
 */
export function ErrorState({
  error,
  title = 'Could not load this page',
  notFoundTitle,
  retry,
  back,
  action,
}: {
  error: unknown;
  title?: string;
  notFoundTitle?: string;
  retry?: () => void;
  back?: { href: string; label: string };
  action?: ReactNode;
}) {
  return (
    <Card role="alert" tone="danger" className="px-6 py-10 text-center">
      <h2 className="text-base font-semibold text-danger-fg">
        {notFoundTitle && isNotFound(error) ? notFoundTitle : title}
      </h2>
      <p className="mt-1 text-sm text-danger-fg">{messageOf(error)}</p>
      {(retry || back || action) && (
        <div className="mt-4 flex justify-center gap-3">
          {retry && (
            <button
              type="button"
              onClick={retry}
              className="text-sm font-medium text-danger-fg underline underline-offset-4"
            >
              Try again
            </button>
          )}
          {back && (
            <Link href={back.href} className="text-sm font-medium text-danger-fg underline underline-offset-4">
              {back.label}
            </Link>
          )}
          {action}
        </div>
      )}
    </Card>
  );
}

/** Nothing to show yet, and (when there is one) what to do about it. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-fg-muted">{description}</p>
      {action && <div className="mt-6">{action}</div>}
    </Card>
  );
}

/** A section that failed to load: the API's message and, when given, a way to try again. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger-fg"
    >
      <p>
        <span className="font-semibold">Could not load {what}.</span>{' '}
        {error instanceof Error ? error.message : messageOf(error)}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** Grey placeholder blocks while a section's first response is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-track', className)} />;
}

/**
 * A section's content on its way: `rows` grey blocks of `rowClassName` (in a card unless `card` is false), and
 * `label` said once to screen readers.
 */
export function SkeletonRows({
  label,
  rows = 3,
  rowClassName = 'h-8',
  card = true,
}: {
  label: string;
  rows?: number;
  rowClassName?: string;
  card?: boolean;
}) {
  return (
    <div className={cn('space-y-2', card && 'rounded-xl border border-line bg-surface p-4')} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}

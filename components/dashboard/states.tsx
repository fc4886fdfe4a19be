'use client';

import type { ReactNode } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { Spinner } from '@/components/ui/spinner';
import { Card } from '@/components/ui/card';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-sm text-fg-muted">
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

/** A failed load: says what failed, and offers a retry when one can help. */
export function ErrorState({
  error,
  title = 'Could not load this page',
  retry,
  action,
}: {
  error: unknown;
  title?: string;
  retry?: () => void;
  action?: ReactNode;
}) {
  const message =
    error instanceof ApiError ? error.message : 'Could not reach the server. Check your connection and try again.';
  return (
    <Card role="alert" tone="danger" className="px-6 py-10 text-center">
      <h2 className="text-base font-semibold text-danger-fg">{title}</h2>
      <p className="mt-1 text-sm text-danger-fg">{message}</p>
      {(retry || action) && (
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
          {action}
        </div>
      )}
    </Card>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

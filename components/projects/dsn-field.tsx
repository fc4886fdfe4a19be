'use client';

import { useId } from 'react';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';

/** One DSN: its label, the value (truncated, full text in the tooltip) and a copy button. */
export function DsnField({
  label,
  value,
  copyLabel,
  testId,
  hint,
  size = 'sm',
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
  hint?: string;
  size?: 'xs' | 'sm';
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <p id={id} className="text-xs font-medium text-fg-secondary">
        {label}
      </p>
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={id}
          className={cn(
            'min-w-0 flex-1 truncate rounded-md border border-line bg-surface-muted px-3 font-mono',
            size === 'sm' ? 'py-2 text-sm' : 'py-1.5 text-xs',
          )}
          title={value}
          data-testid={testId}
        >
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
      {hint && <p className="text-xs text-fg-muted">{hint}</p>}
    </div>
  );
}

export const SENTRY_DSN_LABEL = 'Sentry SDK DSN';

export const SENTRY_DSN_HINT =
  'For the official Sentry SDKs (@sentry/browser, @sentry/node and others): pass it to Sentry.init as dsn.';

export const NATIVE_DSN_LABEL = 'Native protocol DSN (our own JSON API, not for Sentry SDKs)';

// A Sentry SDK reads the last segment as a project number: given this DSN it turns itself off without a word.
export const NATIVE_DSN_HINT =
  'For this server’s own browser library (/sdk/browser.js) and plain HTTP POSTs to /api/v1/ingest. A Sentry SDK given this DSN sends nothing.';

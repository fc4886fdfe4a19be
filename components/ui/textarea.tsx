import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A multi-line input styled as Input; `mono` for rules, lists and code. */
export function Textarea({ className, mono, ...rest }: ComponentProps<'textarea'> & { mono?: boolean }) {
  return (
    <textarea
      className={cn(
        'block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-xs placeholder:text-fg-muted',
        'focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30 disabled:bg-surface-hover aria-invalid:border-danger',
        mono && 'font-mono',
        className,
      )}
      {...rest}
    />
  );
}

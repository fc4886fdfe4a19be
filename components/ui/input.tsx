import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-fg shadow-xs',
        'placeholder:text-fg-muted focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30',
        'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/30 disabled:bg-surface-hover',
        className,
      )}
      {...rest}
    />
  );
}

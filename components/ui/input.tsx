import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-9 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs',
        'placeholder:text-neutral-500 focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600/30',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30 disabled:bg-neutral-100',
        className,
      )}
      {...rest}
    />
  );
}

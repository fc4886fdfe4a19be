import type { ComponentProps } from 'react';
import { cn } from './cn';

export const selectClass =
  'block h-9 rounded-md border border-line-strong bg-surface px-3 text-sm text-fg focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30 disabled:cursor-not-allowed disabled:bg-surface-hover disabled:text-fg-muted';

export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={cn(selectClass, className)} {...rest} />;
}

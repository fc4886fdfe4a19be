import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Label({ className, ...rest }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-fg-secondary', className)} {...rest} />;
}

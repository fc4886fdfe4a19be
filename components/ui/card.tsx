import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-neutral-200 bg-white p-6 shadow-sm', className)} {...rest} />;
}

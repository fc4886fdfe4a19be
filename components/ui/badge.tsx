import type { ComponentProps } from 'react';
import { cn } from './cn';

const tones = {
  neutral: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
} as const;

export function Badge({ tone = 'neutral', className, ...rest }: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tones[tone], className)}
      {...rest}
    />
  );
}

import type { ComponentProps } from 'react';
import { cn } from './cn';

const tones = {
  neutral: 'bg-surface-hover text-fg-secondary ring-line-strong',
  blue: 'bg-info-soft text-info-fg ring-info-line',
  green: 'bg-success-soft text-success-fg ring-success-line',
} as const;

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}

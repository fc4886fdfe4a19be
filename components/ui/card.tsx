import type { ComponentProps } from 'react';
import { cn } from './cn';

const tones = {
  default: 'border-line bg-surface',
  danger: 'border-danger-line bg-danger-soft',
  'danger-outline': 'border-danger-line bg-surface',
} as const;

export function Card({ className, tone = 'default', ...rest }: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return <div className={cn('rounded-xl border p-6 shadow-sm', tones[tone], className)} {...rest} />;
}

import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-neutral-900 text-white hover:bg-neutral-700 disabled:bg-neutral-500',
  secondary: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 disabled:text-neutral-500',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 disabled:text-neutral-400',
} as const;

export const buttonClasses = (variant: keyof typeof variants = 'primary', className?: string) =>
  cn(
    'inline-flex h-9 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed',
    variants[variant],
    className,
  );

type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; loading?: boolean };

export function Button({ variant, loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClasses(variant, className)} {...rest}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}

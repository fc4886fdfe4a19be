import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-inverse text-on-inverse hover:bg-inverse-hover disabled:opacity-60',
  secondary: 'border border-line-strong bg-surface text-fg hover:bg-surface-hover disabled:text-fg-muted',
  danger: 'bg-danger-solid text-white hover:bg-danger-solid-hover disabled:opacity-60',
  'danger-ghost': 'text-danger hover:bg-danger-soft hover:text-danger-fg disabled:opacity-60',
  ghost: 'text-fg-secondary hover:bg-surface-hover hover:text-fg disabled:text-fg-faint',
} as const;

export const buttonClasses = (variant: keyof typeof variants = 'primary', className?: string) =>
  cn(
    'inline-flex h-9 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed',
    variants[variant],
    className,
  );

type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; loading?: boolean };

export function Button({
  variant,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, className)}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

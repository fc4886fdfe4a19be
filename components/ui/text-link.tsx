import Link from 'next/link';
import type { ComponentProps } from 'react';
import { cn } from '@/components/ui/cn';

export function TextLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'font-medium text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus',
        className,
      )}
      {...rest}
    />
  );
}

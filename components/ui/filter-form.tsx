'use client';

import type { ReactNode } from 'react';
import { cn } from './cn';

/** The filters above a list, in a grid: they apply as they change, so Enter in a field submits nothing. */
export function FilterForm({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <form className={cn('grid gap-3', className)} onSubmit={(e) => e.preventDefault()} aria-label={label}>
      {children}
    </form>
  );
}

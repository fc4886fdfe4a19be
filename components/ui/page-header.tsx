import type { ReactNode } from 'react';
import { cn } from './cn';

/** A page's title, what the page is for, and the controls that act on the whole page (a range, "New …"). */
export function PageHeader({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** More lines under the description (an id, a summary). */
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-fg-secondary">{description}</p>}
        {children}
      </div>
      {actions}
    </div>
  );
}

import Link from 'next/link';
import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A page's title, what the page is for, and the controls that act on the whole page (a range, "New …"); a page
 * below another names the way `back` above its title.
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { href: string; label: string };
  className?: string;
  /** More lines under the description (an id, a summary). */
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        {back && (
          <p className="mb-1 text-sm">
            <Link href={back.href} className="text-fg-secondary hover:text-fg">
              ← {back.label}
            </Link>
          </p>
        )}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="mt-1 max-w-3xl text-sm text-fg-secondary">{description}</p>}
        {children}
      </div>
      {actions}
    </div>
  );
}

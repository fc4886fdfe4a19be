import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';
import { Card } from './card';

/** A settings card that leads to a page of its own: what is there, and the button to it. */
export function LinkCard({
  title,
  href,
  label,
  children,
}: {
  title: string;
  href: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-fg-secondary">{children}</p>
      <Link href={href} className={buttonClasses('secondary', 'mt-4')}>
        {label}
      </Link>
    </Card>
  );
}

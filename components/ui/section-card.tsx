import type { ReactNode } from 'react';
import { Card } from './card';

/** A card holding one titled section of a page. */
export function SectionCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <section className="space-y-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

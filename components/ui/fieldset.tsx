import type { ReactNode } from 'react';

/** A group of form controls named by its legend. */
export function Fieldset({
  legend,
  className,
  children,
}: {
  legend: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-fg-secondary">{legend}</legend>
      {children}
    </fieldset>
  );
}

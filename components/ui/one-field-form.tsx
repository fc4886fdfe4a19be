import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';

/** A form of one field and its button beside it (below it on a phone): create a key, name a team, rename. */
export function OneFieldForm({
  onSubmit,
  submitLabel,
  busy,
  variant = 'primary',
  disabled,
  className = 'mt-4',
  children,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
  className?: string;
  /** The field (a Field, with its label, hint and error). */
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${className} flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start`}
    >
      <div className="min-w-0 flex-1">{children}</div>
      <Button type="submit" variant={variant} loading={busy} disabled={disabled} className="sm:mt-6.5">
        {submitLabel}
      </Button>
    </form>
  );
}

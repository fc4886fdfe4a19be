import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';
import { FormError } from './form-error';

type FieldProps = ComponentProps<'input'> & { name: string; label: string; error?: string; hint?: ReactNode };

/** A labelled input with its hint and error wired up for assistive technology. */
export function Field({ name, label, error, hint, id = name, ...rest }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      )}
      <FormError id={errorId} message={error} />
    </div>
  );
}

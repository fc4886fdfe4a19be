import type { ComponentProps } from 'react';
import { FormError } from './form-error';
import { Label } from './label';
import { Select } from './select';

type SelectFieldProps = ComponentProps<'select'> & { name: string; label: string; error?: string };

/** A labelled select with its error wired up for assistive technology, as Field is for an input. */
export function SelectField({ name, label, error, id = name, ...rest }: SelectFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...rest} />
      <FormError id={errorId} message={error} />
    </div>
  );
}

'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { Card } from './card';
import { Field } from './field';
import { OneFieldForm } from './one-field-form';
import { useAction } from './use-action';

/**
 * The danger card that deletes something for good: typing its `name` arms the button; `onDelete` deletes and
 * leaves the page, or throws and its reason is shown under the field.
 */
export function DeleteByName({
  title,
  name,
  field,
  submitLabel,
  onDelete,
  children,
}: {
  title: string;
  name: string;
  /** The confirmation input's name (and id). */
  field: string;
  submitLabel: string;
  onDelete: () => Promise<void>;
  /** What goes with it. */
  children: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const { busy, error, run } = useAction();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (typed === name) void run(onDelete);
  }
  return (
    <Card tone="danger-outline">
      <h2 className="text-base font-semibold text-danger-fg">{title}</h2>
      <p className="mt-1 text-sm text-fg-secondary">{children}</p>
      <OneFieldForm
        onSubmit={onSubmit}
        submitLabel={submitLabel}
        busy={busy}
        variant="danger"
        disabled={typed !== name}
      >
        <Field
          name={field}
          label={`Type ${name} to confirm`}
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
        />
      </OneFieldForm>
    </Card>
  );
}

'use client';

import type { FormEvent } from 'react';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';

/** A name edited where it is shown: the field (named for screen readers by `label`), Save and Cancel. */
export function InlineRename({
  id,
  label,
  defaultValue,
  busy,
  maxLength,
  className,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  defaultValue: string;
  busy: boolean;
  maxLength?: number;
  className?: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSave(String(new FormData(e.currentTarget).get('name') ?? '').trim());
  }
  return (
    <form onSubmit={submit} className={className ?? 'flex min-w-0 flex-wrap items-center gap-2'}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Input
        id={id}
        name="name"
        defaultValue={defaultValue}
        maxLength={maxLength}
        className="w-48 max-w-full min-w-0 sm:max-w-xs"
        autoFocus
      />
      <Button type="submit" variant="secondary" className="h-8 px-3" loading={busy}>
        Save
      </Button>
      <Button variant="ghost" className="h-8 px-3" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

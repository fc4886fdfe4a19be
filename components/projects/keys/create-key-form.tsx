'use client';

import type { FormEvent } from 'react';
import { fieldMessage } from '@/lib/swr/fetcher';
import { createKey } from '@/lib/swr/use-keys';
import { createKeySchema } from '@/lib/zod/projects';
import { OneFieldForm } from '@/components/ui/one-field-form';
import { Field } from '@/components/ui/field';
import { useAction } from '@/components/ui/use-action';

/** A new client key, named by its label. */
export function CreateKeyForm({ projectId, announce }: { projectId: string; announce: (s: string) => void }) {
  const { busy, error, setError, run } = useAction();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = createKeySchema.safeParse({ label: new FormData(form).get('label') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const { label } = parsed.data;
    const created = await run(
      () => createKey(projectId, label),
      (err) => fieldMessage(err, 'label'),
    );
    if (created) {
      announce(`Key ${label} created`);
      form.reset();
    }
  }

  return (
    <OneFieldForm onSubmit={onSubmit} submitLabel="Create key" busy={busy} variant="secondary" className="">
      <Field
        name="label"
        label="New key label"
        placeholder="e.g. Production"
        autoComplete="off"
        required
        error={error}
      />
    </OneFieldForm>
  );
}

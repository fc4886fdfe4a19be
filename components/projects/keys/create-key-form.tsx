'use client';

import type { FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { createKey } from '@/lib/swr/use-keys';
import { createKeySchema } from '@/lib/zod/projects';
import { Button } from '@/components/ui/button';
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
      (err) => (err instanceof ApiError && err.fieldErrors().label) || errorMessage(err),
    );
    if (created) {
      announce(`Key ${label} created`);
      form.reset();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field
          name="label"
          label="New key label"
          placeholder="e.g. Production"
          autoComplete="off"
          required
          error={error}
        />
      </div>
      <Button type="submit" variant="secondary" loading={busy} className="sm:mt-6">
        Create key
      </Button>
    </form>
  );
}

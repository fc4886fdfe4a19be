'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { ApiError } from '@/lib/swr/fetcher';
import { createProject } from '@/lib/swr/use-projects';
import { createProjectSchema } from '@/lib/zod/projects';
import { platformsByGroup } from '@/lib/projects/platforms';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { TextLink } from '@/components/ui/text-link';

const PLAN_LIMIT = 'Project limit reached for the FREE plan';

/** Name + platform; on success goes to the project's setup page with its DSN. */
export function CreateProjectForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFieldErrors({});
    setFormError(undefined);
    const parsed = createProjectSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setPending(true);
    try {
      const project = await createProject(parsed.data);
      router.push(`/projects/${encodeURIComponent(project.id)}`);
    } catch (err) {
      const error =
        err instanceof ApiError
          ? err
          : new ApiError(0, 'Could not reach the server. Check your connection and try again.');
      const fields = error.fieldErrors();
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      else setFormError(error.summary());
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <Field
        name="name"
        label="Project name"
        placeholder="e.g. storefront-web"
        autoComplete="off"
        required
        error={fieldErrors.name}
      />
      <div className="space-y-1.5">
        <Label htmlFor="platform">Platform</Label>
        <select
          id="platform"
          name="platform"
          defaultValue="javascript"
          className="block h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30"
        >
          {platformsByGroup().map(([group, platforms]) => (
            <optgroup key={group} label={group}>
              {platforms.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {formError && (
        <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          <p>{formError}</p>
          {formError === PLAN_LIMIT && (
            <p className="mt-1">
              <TextLink href="/settings/billing">Upgrade to PRO</TextLink> for unlimited projects.
            </p>
          )}
        </div>
      )}
      <Button type="submit" loading={pending}>
        Create project
      </Button>
    </form>
  );
}

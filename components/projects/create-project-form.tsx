'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { createProject } from '@/lib/swr/use-projects';
import { createProjectSchema } from '@/lib/zod/projects';
import { platformsByGroup } from '@/lib/projects/platforms';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { CheckField } from '@/components/ui/check-field';
import { useAction } from '@/components/ui/use-action';
import { TextLink } from '@/components/ui/text-link';

const PLAN_LIMIT = 'Project limit reached for the FREE plan';

/** Name, platform and the first alert rule (#60); on success goes to the project's setup page with its DSN. */
export function CreateProjectForm() {
  const router = useRouter();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { busy, error: formError, run } = useAction();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFieldErrors({});
    const form = new FormData(e.currentTarget);
    const parsed = createProjectSchema.safeParse({
      name: form.get('name'),
      platform: form.get('platform'),
      defaultRules: form.get('defaultRules') === 'on',
    });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    await run(
      async () => {
        const project = await createProject(parsed.data);
        router.push(`/projects/${encodeURIComponent(project.id)}`);
      },
      // A field the API refused is shown under it; anything else above the button.
      (err) => {
        const fields = err instanceof ApiError ? err.fieldErrors() : {};
        setFieldErrors(fields);
        return Object.keys(fields).length > 0 ? '' : errorMessage(err);
      },
    );
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
      <SelectField name="platform" label="Platform" defaultValue="javascript" className="w-full">
        {platformsByGroup().map(([group, platforms]) => (
          <optgroup key={group} label={group}>
            {platforms.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <CheckField
        name="defaultRules"
        label="Alert me on every new issue"
        hint="Every new issue and every regression is emailed to the project's members. Change it any time under Alerts."
        defaultChecked
      />
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
      <Button type="submit" loading={busy}>
        Create project
      </Button>
    </form>
  );
}

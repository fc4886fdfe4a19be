'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { useProjects } from '@/lib/swr/use-projects';
import {
  configureIntegrationProject,
  type Integration,
  type IntegrationProviderInfo,
} from '@/lib/swr/use-integrations';
import { fieldErrorsOf } from './connect-form';
import { CodeMappings } from './code-mappings';
import { ProviderFields, splitValues } from './provider-fields';

type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

/** Where each project's tickets go in this integration, and (a repository) its code mappings. */
export function ProjectSettings({
  integration: i,
  provider,
  run,
}: {
  integration: Integration;
  provider: IntegrationProviderInfo;
  run: Run;
}) {
  const { projects } = useProjects();
  const [projectId, setProjectId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = projectId || projects?.[0]?.id || '';
  async function save(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const saved = await run(async () => {
      try {
        await configureIntegrationProject(i.id, chosen, splitValues(provider.projectFields, values).config);
      } catch (err) {
        setErrors(fieldErrorsOf(err));
        throw err;
      }
    }, `Project settings of ${i.name} saved`);
    if (saved) setValues({});
  }
  return (
    <section aria-label={`Projects of ${i.name}`} className="space-y-3">
      <h3 className="text-sm font-semibold">Projects</h3>
      {i.projects.length === 0 && <p className="text-sm text-fg-muted">No project sends tickets here yet.</p>}
      <ul className="divide-y divide-line-subtle">
        {i.projects.map((p) => (
          <li key={p.projectId} className="space-y-2 py-2" data-testid="integration-project">
            <div className="flex items-center justify-between gap-2 text-sm">
              <span>
                {p.projectName} → <span className="font-mono">{p.target}</span>
              </span>
              <Button
                variant="danger-ghost"
                className="h-8 px-2 text-xs"
                aria-label={`Remove ${p.projectName} from ${i.name}`}
                onClick={() =>
                  run(() => configureIntegrationProject(i.id, p.projectId, null), `${p.projectName} removed`)
                }
              >
                Remove
              </Button>
            </div>
            {i.repository && (
              <CodeMappings integrationId={i.id} projectId={p.projectId} repository={p.target} run={run} />
            )}
          </li>
        ))}
      </ul>
      {provider.projectFields.length > 0 && (
        <form
          onSubmit={save}
          noValidate
          className="max-w-xl space-y-3 rounded-lg border border-line-subtle p-3"
          aria-label={`Set a project up in ${i.name}`}
        >
          <SelectField
            id={`${i.id}-project`}
            name="project"
            label="Project"
            value={chosen}
            onChange={(e) => setProjectId(e.target.value)}
          >
            {(projects ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <ProviderFields
            idPrefix={`${i.id}-project`}
            fields={provider.projectFields}
            values={values}
            errors={errors}
            onChange={(k, v) => setValues({ ...values, [k]: v })}
          />
          <Button type="submit" variant="secondary" disabled={!chosen}>
            Save project settings
          </Button>
        </form>
      )}
    </section>
  );
}

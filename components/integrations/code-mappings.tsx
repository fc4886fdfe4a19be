'use client';

import useSWR, { mutate } from 'swr';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { api, fetcher } from '@/lib/swr/fetcher';

type Mapping = {
  id: string;
  integrationId: string;
  stackRoot: string;
  sourceRoot: string;
  repository: string;
  defaultBranch: string;
};
type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

/** A project's code mappings in one repository integration: a frame's stack root → a path in the repository. */
export function CodeMappings({
  integrationId,
  projectId,
  repository,
  run,
}: {
  integrationId: string;
  projectId: string;
  repository: string;
  run: Run;
}) {
  const path = `/api/v1/projects/${encodeURIComponent(projectId)}/code-mappings`;
  const { data } = useSWR<Mapping[]>(path, fetcher);
  const mine = (data ?? []).filter((m) => m.integrationId === integrationId);
  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const body = Object.fromEntries(
      ['stackRoot', 'sourceRoot', 'repository', 'defaultBranch'].map((k) => [k, String(f.get(k) ?? '')]),
    );
    if (
      await run(
        () => api(path, { method: 'POST', body: { integrationId, ...body } }).then(() => mutate(path)),
        'Code mapping added',
      )
    )
      form.reset();
  }
  return (
    <div className="ml-4 space-y-2 text-sm">
      <p className="text-xs font-semibold text-fg-muted">Code mappings</p>
      {mine.map((m) => (
        <p key={m.id} className="flex items-center justify-between gap-2 font-mono text-xs" data-testid="code-mapping">
          <span className="break-all">
            {m.stackRoot || '(any)'} → {m.repository}/{m.sourceRoot} @ {m.defaultBranch}
          </span>
          <Button
            variant="danger-ghost"
            className="h-7 px-2 text-xs"
            onClick={() =>
              run(() => api(`${path}/${m.id}`, { method: 'DELETE' }).then(() => mutate(path)), 'Code mapping removed')
            }
          >
            Remove
          </Button>
        </p>
      ))}
      <form onSubmit={add} noValidate className="grid gap-2 sm:grid-cols-2" aria-label="Add a code mapping">
        <Field id={`${integrationId}-${projectId}-stack`} name="stackRoot" label="Stack root" placeholder="src/" />
        <Field
          id={`${integrationId}-${projectId}-source`}
          name="sourceRoot"
          label="Source root"
          placeholder="web/src/"
        />
        <Field
          id={`${integrationId}-${projectId}-repo`}
          name="repository"
          label="Repository"
          defaultValue={repository}
        />
        <Field
          id={`${integrationId}-${projectId}-branch`}
          name="defaultBranch"
          label="Default branch"
          defaultValue="main"
        />
        <Button type="submit" variant="secondary" className="sm:col-span-2 sm:justify-self-start">
          Add code mapping
        </Button>
      </form>
    </div>
  );
}

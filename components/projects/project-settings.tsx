'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { ApiError } from '@/lib/swr/fetcher';
import { deleteProject, updateProject, useProject, type Project } from '@/lib/swr/use-projects';
import { updateProjectSchema } from '@/lib/zod/projects';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { KeysPanel } from './keys-panel';
import { PrivacyPanel } from './privacy-panel';
import { FiltersPanel } from './filters-panel';
import { OwnershipPanel } from './ownership-panel';
import { NotificationWebhooksPanel } from './notification-webhooks-panel';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';
import { PageHeader } from '@/components/ui/page-header';
import { ToggleCard } from '@/components/ui/toggle-card';

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

export function ProjectSettings({ projectId }: { projectId: string }) {
  const { project, error, isLoading } = useProject(projectId);
  const { can } = useRole();
  if (error) return <ErrorState error={error} title="Could not load the project" />;
  if (isLoading || !project) return <LoadingState label="Loading settings" />;
  return (
    <div className="space-y-6">
      <PageHeader title="Project settings" />
      {!can('ADMIN') && (
        <RoleNote min="ADMIN" what="rename or delete the project and manage its keys and privacy settings" />
      )}
      {can('ADMIN') && <RenameProject project={project} />}
      <KeysPanel projectId={project.id} manage={can('ADMIN')} />
      <PrivacyPanel projectId={project.id} manage={can('ADMIN')} />
      <FiltersPanel projectId={project.id} manage={can('ADMIN')} />
      <OwnershipPanel projectId={project.id} manage={can('ADMIN')} />
      <NotificationWebhooksPanel projectId={project.id} manage={can('ADMIN')} />
      {can('ADMIN') && <FeedbackEmails project={project} />}
      {can('ADMIN') && <DeleteProject project={project} />}
    </div>
  );
}

function RenameProject({ project }: { project: Project }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(undefined);
    setSaved(false);
    const parsed = updateProjectSchema.safeParse({ name: new FormData(e.currentTarget).get('name') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    try {
      await updateProject(project.id, parsed.data);
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors().name ?? err.summary()) : messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">General</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            name="name"
            label="Project name"
            defaultValue={project.name}
            key={project.name}
            required
            error={error}
            hint={`Slug: ${project.slug} (does not change)`}
          />
        </div>
        <Button type="submit" variant="secondary" loading={pending} className="sm:mt-6">
          Rename
        </Button>
      </form>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-success-fg">
        {saved ? 'Project renamed' : ''}
      </p>
    </Card>
  );
}

/** The optional email on new user feedback, to every member of the organization. */
function FeedbackEmails({ project }: { project: Project }) {
  return (
    <ToggleCard
      title="User feedback"
      name="notifyFeedback"
      label="Email the organization's members about each new piece of feedback"
      checked={(project as Project & { notifyFeedback?: boolean }).notifyFeedback ?? false}
      onToggle={(notifyFeedback) => updateProject(project.id, { name: project.name, notifyFeedback })}
    />
  );
}

function DeleteProject({ project }: { project: Project }) {
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const matches = typed === project.name;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!matches) return;
    setPending(true);
    setError(undefined);
    try {
      await deleteProject(project.id);
      router.push('/');
    } catch (err) {
      setError(messageOf(err));
      setPending(false);
    }
  }

  return (
    <Card tone="danger-outline">
      <h2 className="text-base font-semibold text-danger-fg">Delete project</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Deletes <strong>{project.name}</strong> with all its issues, events, alert rules and keys. This cannot be
        undone.
      </p>
      <form onSubmit={onSubmit} className="mt-4 flex max-w-lg flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            name="confirm"
            label={`Type ${project.name} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" disabled={!matches} loading={pending} variant="danger" className="sm:mt-6">
          Delete project
        </Button>
      </form>
    </Card>
  );
}

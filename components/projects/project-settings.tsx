'use client';

import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { fieldMessage } from '@/lib/swr/fetcher';
import { deleteProject, updateProject, useProject, type Project } from '@/lib/swr/use-projects';
import { updateProjectSchema } from '@/lib/zod/projects';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { KeysPanel } from './keys-panel';
import { PrivacyPanel } from './privacy-panel';
import { FiltersPanel } from './filters-panel';
import { OwnershipPanel } from './ownership-panel';
import { GroupingPanel } from './grouping-panel';
import { PerformanceIssuesPanel } from './performance-issues-panel';
import { NotificationWebhooksPanel } from './notification-webhooks-panel';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';
import { PageHeader } from '@/components/ui/page-header';
import { ToggleCard } from '@/components/ui/toggle-card';
import { DeleteByName } from '@/components/ui/delete-by-name';
import { OneFieldForm } from '@/components/ui/one-field-form';
import { useAction } from '@/components/ui/use-action';
import { Section, SectionNav, type SettingsSection } from './settings/section-nav';

const SECTIONS: (SettingsSection & { admin?: boolean })[] = [
  { id: 'general', label: 'General', admin: true },
  { id: 'keys', label: 'Client keys' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'filters', label: 'Inbound filters' },
  { id: 'ownership', label: 'Ownership' },
  { id: 'grouping', label: 'Issue grouping' },
  { id: 'performance', label: 'Performance issues' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'feedback', label: 'User feedback', admin: true },
  { id: 'delete', label: 'Delete', admin: true },
];

/** The project's settings, one section each with its own address (`…/settings#ownership`) and a row to reach it. */
export function ProjectSettings({ projectId }: { projectId: string }) {
  const { project, error, isLoading } = useProject(projectId);
  const { can } = useRole();
  const admin = can('ADMIN');
  const page = useRef<HTMLDivElement>(null);
  const sections = useMemo(() => SECTIONS.filter((s) => admin || !s.admin), [admin]);
  if (error) return <ErrorState error={error} title="Could not load the project" />;
  if (isLoading || !project) return <LoadingState label="Loading settings" />;
  return (
    <div className="space-y-6" ref={page}>
      <PageHeader title="Project settings" />
      {!admin && <RoleNote min="ADMIN" what="rename or delete the project and manage its keys and privacy settings" />}
      <SectionNav sections={sections} page={page} />
      {admin && (
        <Section id="general">
          <RenameProject project={project} />
        </Section>
      )}
      <Section id="keys">
        <KeysPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="privacy">
        <PrivacyPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="filters">
        <FiltersPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="ownership">
        <OwnershipPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="grouping">
        <GroupingPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="performance">
        <PerformanceIssuesPanel projectId={project.id} manage={admin} />
      </Section>
      <Section id="webhooks">
        <NotificationWebhooksPanel projectId={project.id} manage={admin} />
      </Section>
      {admin && (
        <Section id="feedback">
          <FeedbackEmails project={project} />
        </Section>
      )}
      {admin && (
        <Section id="delete">
          <DeleteProject project={project} />
        </Section>
      )}
    </div>
  );
}

function RenameProject({ project }: { project: Project }) {
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const parsed = updateProjectSchema.safeParse({ name: new FormData(e.currentTarget).get('name') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setSaved(
      await run(
        () => updateProject(project.id, parsed.data),
        (err) => fieldMessage(err, 'name'),
      ),
    );
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">General</h2>
      <OneFieldForm onSubmit={onSubmit} submitLabel="Rename" busy={busy} variant="secondary">
        <Field
          name="name"
          label="Project name"
          defaultValue={project.name}
          key={project.name}
          required
          error={error}
          hint={`Slug: ${project.slug} (does not change)`}
        />
      </OneFieldForm>
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
  return (
    <DeleteByName
      title="Delete project"
      name={project.name}
      field="confirm"
      submitLabel="Delete project"
      onDelete={async () => {
        await deleteProject(project.id);
        router.push('/');
      }}
    >
      Deletes <strong>{project.name}</strong> with all its issues, events, alert rules and keys. This cannot be undone.
    </DeleteByName>
  );
}

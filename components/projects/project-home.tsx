'use client';

import Link from 'next/link';
import { platformOf } from '@/lib/projects/platforms';
import { useProjects } from '@/lib/swr/use-projects';
import { useProjectActivity } from '@/lib/swr/use-project-activity';
import type { ProjectActivity } from '@/lib/projects/project-activity';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CreateProjectForm } from './create-project-form';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';
import { LatestReleasesHealth } from '@/components/releases/release-health';
import { PageHeader } from '@/components/ui/page-header';
import { formatDate } from '@/lib/text/date-format';

/** Home: the organization's projects, or the first-project onboarding when there are none. */
export function ProjectHome() {
  const { projects, error, isLoading } = useProjects();
  const { activity, error: activityError } = useProjectActivity();
  const { role, can } = useRole();
  // Hidden only once the role is known to be below ADMIN, so owners never see the form flicker away.
  const readOnly = role !== undefined && !can('ADMIN');
  if (error) return <ErrorState error={error} title="Could not load your projects" retry={() => location.reload()} />;
  if (isLoading || !projects) return <LoadingState label="Loading projects" />;

  if (projects.length === 0 && readOnly) {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">No projects yet</h1>
        <RoleNote min="ADMIN" what="create projects" />
      </div>
    );
  }

  if (projects.length === 0) {
    return (
      <div className="mx-auto max-w-2xl">
        <p className="text-sm font-medium text-link">Step 1 of 2</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Create your first project</h1>
        <p className="mt-2 text-sm text-fg-muted">
          A project holds the errors and performance data of one application. Name it, pick its platform, and you will
          get a DSN and a snippet to paste into your app.
        </p>
        <Card className="mt-6">
          <CreateProjectForm />
        </Card>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Projects"
        className="mb-6"
        actions={
          !readOnly && (
            <Link href="/projects/new" className={buttonClasses('primary')}>
              New project
            </Link>
          )
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((p) => (
          <li key={p.id}>
            <Card className="flex h-full flex-col gap-3 p-5" data-testid="project-card" data-project-id={p.id}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="truncate text-base font-semibold">
                  <Link
                    href={`/projects/${encodeURIComponent(p.id)}/issues`}
                    className="hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    {p.name}
                  </Link>
                </h2>
                <span className="rounded-full bg-surface-hover px-2 py-0.5 text-xs font-medium text-fg-secondary">
                  {platformOf(p.platform).label}
                </span>
              </div>
              <p className="text-xs text-fg-muted">
                {p.keys.length} {p.keys.length === 1 ? 'key' : 'keys'} · created {formatDate(p.createdAt)}
              </p>
              <ActivityFigures
                projectId={p.id}
                activity={activity?.get(p.id)}
                state={activityError ? 'error' : activity ? 'ready' : 'loading'}
              />
              <LatestReleasesHealth projectId={p.id} />
              <div className="mt-auto flex gap-3 text-sm">
                <Link
                  href={`/projects/${encodeURIComponent(p.id)}/issues`}
                  className="font-medium text-link hover:underline"
                >
                  Issues
                </Link>
                <Link href={`/projects/${encodeURIComponent(p.id)}`} className="font-medium text-link hover:underline">
                  Setup
                </Link>
                <Link
                  href={`/projects/${encodeURIComponent(p.id)}/settings`}
                  className="font-medium text-link hover:underline"
                >
                  Settings
                </Link>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

const n = (v: number) => v.toLocaleString('en-US');

/** A card's two figures: open issues (linking to them) and the events of the last 24 hours. */
function ActivityFigures({
  projectId,
  activity,
  state,
}: {
  projectId: string;
  activity: ProjectActivity | undefined;
  state: 'loading' | 'ready' | 'error';
}) {
  // A project created since the counts were read has none yet: zeros, not a dash.
  const figures =
    state === 'ready' ? (activity ?? { openIssues: 0, openIssuesCapped: false, eventsLast24h: 0 }) : undefined;
  const unknown = state === 'error' ? 'Could not load this count' : 'Loading';
  return (
    <dl className="grid grid-cols-2 gap-3">
      <div className="min-w-0 rounded-lg border border-line px-3 py-2">
        <dt className="text-xs font-medium text-fg-muted">Open issues</dt>
        <dd className="text-lg font-semibold tabular-nums" data-testid="project-open-issues">
          {figures ? (
            <Link
              href={`/projects/${encodeURIComponent(projectId)}/issues`}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              aria-label={`${n(figures.openIssues)}${figures.openIssuesCapped ? ' or more' : ''} open issues`}
            >
              {n(figures.openIssues)}
              {figures.openIssuesCapped ? '+' : ''}
            </Link>
          ) : (
            <span title={unknown} aria-label={unknown}>
              –
            </span>
          )}
        </dd>
      </div>
      <div className="min-w-0 rounded-lg border border-line px-3 py-2">
        <dt className="text-xs font-medium text-fg-muted">Events, last 24 h</dt>
        <dd className="text-lg font-semibold tabular-nums" data-testid="project-events-24h">
          {figures ? (
            n(figures.eventsLast24h)
          ) : (
            <span title={unknown} aria-label={unknown}>
              –
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

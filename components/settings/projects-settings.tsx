'use client';

import Link from 'next/link';
import { platformOf } from '@/lib/projects/platforms';
import { useRole } from '@/lib/swr/use-me';
import { useProjects } from '@/lib/swr/use-projects';
import { formatDate } from '@/lib/text/date-format';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { plural } from '@/lib/text/plural';

/** The organization's projects, each leading to its own settings (keys, privacy, ownership…); ADMINs add one. */
export function ProjectsSettings() {
  const { projects, error, isLoading } = useProjects();
  const { can } = useRole();
  if (error) return <ErrorState error={error} title="Could not load the projects" />;
  if (isLoading || !projects) return <LoadingState label="Loading projects" />;
  const settingsOf = (id: string) => `/projects/${encodeURIComponent(id)}/settings`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Projects"
        description="Each project's settings: its name, client keys, privacy, inbound filters, ownership rules and webhooks."
        actions={
          can('ADMIN') && (
            <Link href="/projects/new" className={buttonClasses('primary')}>
              New project
            </Link>
          )
        }
      />
      {projects.length === 0 ? (
        <EmptyState title="No projects yet" description="Create one to get a DSN for your application." />
      ) : (
        <ul
          className="divide-y divide-line-subtle rounded-xl border border-line bg-surface shadow-sm"
          aria-label="Projects"
        >
          {projects.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
              <div className="min-w-0">
                <Link href={settingsOf(p.id)} className="font-medium break-words text-link hover:underline">
                  {p.name}
                </Link>
                <p className="text-xs text-fg-muted">
                  {platformOf(p.platform).label} · {plural(p.keys.length, 'key')} · created {formatDate(p.createdAt)}
                </p>
              </div>
              <Link
                href={settingsOf(p.id)}
                className={buttonClasses('secondary')}
                aria-label={`Settings of ${p.name}`}
                data-testid="project-settings-link"
              >
                Settings
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

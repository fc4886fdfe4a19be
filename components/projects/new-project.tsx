'use client';

import { useMe } from '@/lib/swr/use-me';
import { useProjects } from '@/lib/swr/use-projects';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/dashboard/states';
import Link from 'next/link';
import { CreateProjectForm } from './create-project-form';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';

/** The create form, or, on FREE with its one project used, why not and where to upgrade. */
export function NewProject() {
  const { me, error: meError } = useMe();
  const { projects, error } = useProjects();
  const { can } = useRole();
  if (error || meError) return <ErrorState error={error ?? meError} retry={() => location.reload()} />;
  if (!me || !projects) return <LoadingState />;

  const atFreeLimit = me.organization?.plan === 'FREE' && projects.length >= 1;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight">New project</h1>
      {!can('ADMIN') ? (
        <div className="mt-6">
          <RoleNote min="ADMIN" what="create projects" />
        </div>
      ) : atFreeLimit ? (
        <Card className="mt-6" data-testid="plan-limit">
          <h2 className="text-base font-semibold">Project limit reached for the FREE plan</h2>
          <p className="mt-2 text-sm text-fg-muted">
            The FREE plan includes one project and 10,000 events a month. Upgrade to PRO for unlimited projects and
            500,000 events a month.
          </p>
          <div className="mt-4 flex gap-3">
            <Link href="/settings/billing" className={buttonClasses('primary')}>
              See plans and billing
            </Link>
            <Link href="/" className={buttonClasses('secondary')}>
              Back to projects
            </Link>
          </div>
        </Card>
      ) : (
        <Card className="mt-6">
          <CreateProjectForm />
        </Card>
      )}
    </div>
  );
}

'use client';

import { useProjects } from '@/lib/swr/use-projects';
import { useBilling } from '@/lib/swr/use-billing';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import Link from 'next/link';
import { CreateProjectForm } from './create-project-form';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';

/**
 * The create form, or, once the plan's project limit is used, why not and where to upgrade. The limit is the one the
 * API reports (none on PRO, and none at all on a server run with PLAN_LIMITS=off), never guessed from the plan name.
 */
export function NewProject() {
  const { data: billing, error: billingError } = useBilling();
  const { projects, error } = useProjects();
  const { can } = useRole();
  if (error || billingError) return <ErrorState error={error ?? billingError} retry={() => location.reload()} />;
  if (!billing || !projects) return <LoadingState />;

  const limit = billing.limits.projects;
  const atLimit = limit !== null && projects.length >= limit;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight">New project</h1>
      {!can('ADMIN') ? (
        <div className="mt-6">
          <RoleNote min="ADMIN" what="create projects" />
        </div>
      ) : atLimit ? (
        <Card className="mt-6" data-testid="plan-limit">
          <h2 className="text-base font-semibold">Project limit reached for the {billing.plan} plan</h2>
          <p className="mt-2 text-sm text-fg-muted">
            The {billing.plan} plan includes {limit === 1 ? 'one project' : `${limit} projects`} and{' '}
            {billing.limits.monthlyEvents.toLocaleString('en-US')} events a month. Upgrade to PRO for unlimited projects
            and 500,000 events a month.
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

'use client';

import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { useProject } from '@/lib/swr/use-projects';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState, isNotFound } from '@/components/ui/states';
import { EnvironmentSelect } from './environment-select';

/**
 * Wraps every page of one project: an unknown project (or one of another organization) ends here
 * with one clear message instead of each page failing on its own.
 */
export function ProjectFrame({ projectId, children }: { projectId: string; children: ReactNode }) {
  const { error } = useProject(projectId);
  if (isNotFound(error)) {
    return (
      <ErrorState
        error={error}
        title="Project not found"
        action={
          <Link href="/" className={buttonClasses('secondary')}>
            Back to projects
          </Link>
        }
      />
    );
  }
  return (
    <>
      <Suspense fallback={null}>
        <EnvironmentSelect projectId={projectId} />
      </Suspense>
      {children}
    </>
  );
}

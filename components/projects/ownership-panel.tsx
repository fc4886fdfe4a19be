'use client';

import { useOwnership } from '@/lib/swr/use-ownership';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { Codeowners } from './ownership/codeowners';
import { RulesForm } from './ownership/rules-form';

/** Ownership rules, auto-assignment and CODEOWNERS files (#49): everyone reads and previews, ADMINs change. */
export function OwnershipPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { ownership, error, isLoading } = useOwnership(projectId);
  if (error) return <ErrorState error={error} title="Could not load the ownership rules" />;
  if (isLoading || !ownership) return <LoadingState label="Loading ownership rules" />;
  return (
    <Card>
      <h2 className="text-base font-semibold">Ownership</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Who owns which issues, one rule a line in Sentry&apos;s syntax: <code>path:</code>, <code>url:</code>,{' '}
        <code>module:</code>, <code>tags.&lt;name&gt;:</code> or <code>codeowners:</code>, a glob, then owners (
        <code>#team-slug</code> or a member&apos;s email). The last matching rule wins; ownership rules come before
        CODEOWNERS.
      </p>
      <RulesForm projectId={projectId} ownership={ownership} manage={manage} />
      <Codeowners projectId={projectId} ownership={ownership} manage={manage} />
    </Card>
  );
}

'use client';

import { useRole } from '@/lib/swr/use-me';
import { useMembers } from '@/lib/swr/use-team';
import { useProjects } from '@/lib/swr/use-projects';
import { useTeams } from '@/lib/swr/use-teams';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CreateTeamForm } from './create-team-form';
import { TeamCard } from './team-card';

/** The organization's teams (#49): who is in each and which projects it looks after. Admins and owners manage them. */
export function TeamsPage() {
  const { role, can } = useRole();
  const admin = can('ADMIN');
  const { teams, error, isLoading } = useTeams();
  const { members } = useMembers();
  const { projects } = useProjects();
  const { run, announcement, announce, error: actionError } = useAnnouncedActions();

  if (!role) return <LoadingState label="Loading teams" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Teams"
        description={
          <>
            Group members into teams and give each the projects it looks after. An issue can be assigned to a team
            (shown as <span className="font-mono">#slug</span>), and <span className="font-mono">assigned:me</span>{' '}
            finds the issues of your teams too.
            {!admin && ' Only admins and owners can change teams.'}
          </>
        }
      />
      <ActionFeedback announcement={announcement} error={actionError} />
      {admin && <CreateTeamForm onCreated={(t) => announce(`Team ${t.name} created`)} />}
      {error && <ErrorState error={error} title="Could not load the teams" />}
      {!error && (isLoading || !teams) && <LoadingState label="Loading teams" />}
      {teams && teams.length === 0 && (
        <Card>
          <p className="text-sm text-fg-secondary" data-testid="teams-empty">
            No teams yet.{admin ? ' Create one above.' : ''}
          </p>
        </Card>
      )}
      {teams && teams.length > 0 && (
        <ul className="space-y-4" aria-label="Teams">
          {teams.map((t) => (
            <TeamCard key={t.id} team={t} admin={admin} members={members ?? []} projects={projects ?? []} run={run} />
          ))}
        </ul>
      )}
    </div>
  );
}

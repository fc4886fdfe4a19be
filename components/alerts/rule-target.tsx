'use client';

import type { AlertRule } from '@/lib/swr/use-alerts';
import { useTeams } from '@/lib/swr/use-teams';
import { useMembers } from '@/lib/swr/use-team';
import { PROJECT_MEMBERS_HINT } from './rule-form/target-fields';

function TeamName({ id }: { id: string | null }) {
  const { teams } = useTeams();
  const team = teams?.find((t) => t.id === id);
  return <>{team ? `Team #${team.slug}` : 'A team'}</>;
}

function MemberName({ id }: { id: string | null }) {
  const { members } = useMembers();
  const m = members?.find((x) => x.userId === id);
  return <>{m ? `${m.name} (${m.email})` : 'A member'}</>;
}

/** Whom a rule also emails (#49, #60), in words: the owners, the project's members, a team or a member. */
export function RuleTarget({ rule }: { rule: AlertRule }) {
  if (!rule.targetType) return null;
  return (
    <>
      <dt className="text-fg-muted">Notifies</dt>
      <dd className="truncate" data-testid="rule-target">
        {rule.targetType === 'PROJECT_MEMBERS' ? (
          <span title={PROJECT_MEMBERS_HINT}>The project&apos;s members</span>
        ) : rule.targetType === 'ISSUE_OWNERS' ? (
          "The issue's owners"
        ) : rule.targetType === 'TEAM' ? (
          <TeamName id={rule.targetTeamId ?? null} />
        ) : (
          <MemberName id={rule.targetUserId ?? null} />
        )}
      </dd>
    </>
  );
}

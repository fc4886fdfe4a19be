'use client';

import { SelectField } from '@/components/ui/select-field';
import { useTeams } from '@/lib/swr/use-teams';
import { useMembers } from '@/lib/swr/use-team';
import { bindField, type RuleSectionProps } from './rule-values';

/** Who "the project's members" are (lib/teams/team-members.ts projectMemberIds). */
export const PROJECT_MEMBERS_HINT =
  'The members of the teams that have the project; everyone in the organization while no team has it.';

/**
 * Whom the rule also emails (#49): the issue's owners (issue rules), the project's members (#60), a team or a member
 * of the organization.
 */
export function TargetFields(props: RuleSectionProps) {
  const { idPrefix, values } = props;
  const { teams } = useTeams();
  const { members } = useMembers();
  const issueRule = values.type === 'NEW_ISSUE' || values.type === 'REGRESSION';
  return (
    <div className="space-y-4">
      <SelectField
        id={`${idPrefix}-target`}
        label="Also notify"
        className="w-full sm:w-72"
        {...bindField(props, 'targetType')}
      >
        <option value="">Nobody else</option>
        {issueRule && <option value="ISSUE_OWNERS">The issue&apos;s owners</option>}
        <option value="PROJECT_MEMBERS">The project&apos;s members</option>
        <option value="TEAM">A team</option>
        <option value="MEMBER">A member</option>
      </SelectField>
      {values.targetType === 'TEAM' && (
        <SelectField
          id={`${idPrefix}-target-team`}
          label="Team"
          className="w-full sm:w-72"
          {...bindField(props, 'targetTeamId')}
        >
          <option value="">Choose a team</option>
          {(teams ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      {values.targetType === 'MEMBER' && (
        <SelectField
          id={`${idPrefix}-target-member`}
          label="Member"
          className="w-full sm:w-72"
          {...bindField(props, 'targetUserId')}
        >
          <option value="">Choose a member</option>
          {(members ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name} ({m.email})
            </option>
          ))}
        </SelectField>
      )}
      {values.targetType === 'PROJECT_MEMBERS' && <p className="text-xs text-fg-muted">{PROJECT_MEMBERS_HINT}</p>}
      {values.targetType === 'ISSUE_OWNERS' && (
        <p className="text-xs text-fg-muted">
          The owners by the project&apos;s ownership rules and CODEOWNERS; an issue without owners goes to the members
          of the project&apos;s teams.
        </p>
      )}
    </div>
  );
}

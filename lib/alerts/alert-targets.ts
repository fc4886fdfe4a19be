// Whom an alert rule also emails (#49): the issue's owners, a team or a member; alert rules ignore notification
// settings (the rule's admin chose its audience).
import { db } from '@/lib/db';
import { ownersOfIssue } from '@/lib/ownership/owners-of';
import { membersOfTeam, projectMemberIds, projectTeamMemberIds } from '@/lib/teams/team-members';

export type RuleTarget = { target_type: string | null; target_team_id: string | null; target_user_id: string | null };

/** Whether the target's addresses depend on the issue (its owners); every other target is the same for each issue. */
export const targetsPerIssue = (rule: RuleTarget) => rule.target_type === 'ISSUE_OWNERS';

/**
 * The addresses of the rule's target for this firing. ISSUE_OWNERS: the owners of the issue by its ownership rules and
 * CODEOWNERS (each team by its members); an issue without owners falls through to the members of the teams that have
 * the project, and to nobody when it has none. PROJECT_MEMBERS (#60): the project's members (projectMemberIds). Only
 * members of the project's organization, each once.
 */
export async function alertTargetEmails(
  rule: RuleTarget,
  projectId: string,
  issueId: string | null,
): Promise<string[]> {
  if (!rule.target_type) return [];
  let userIds: string[] = [];
  if (rule.target_type === 'MEMBER' && rule.target_user_id) userIds = [rule.target_user_id];
  else if (rule.target_type === 'PROJECT_MEMBERS') userIds = await projectMemberIds(projectId);
  else if (rule.target_type === 'TEAM' && rule.target_team_id)
    userIds = (await membersOfTeam(rule.target_team_id)).map((m) => m.userId);
  else if (rule.target_type === 'ISSUE_OWNERS' && issueId) {
    const owners = await ownersOfIssue(issueId);
    for (const o of owners)
      userIds.push(...(o.type === 'user' ? [o.userId] : (await membersOfTeam(o.teamId)).map((m) => m.userId)));
    if (!owners.length) userIds = await projectTeamMemberIds(projectId);
  }
  if (!userIds.length) return [];
  const users = await db.user.findMany({
    where: {
      id: { in: [...new Set(userIds)] },
      memberships: { some: { organization: { projects: { some: { id: projectId } } } } },
    },
    select: { email: true },
    orderBy: { email: 'asc' },
  });
  return users.map((u) => u.email);
}

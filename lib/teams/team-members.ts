// Who is in which team (#49): the helpers ownership rules, notifications and issue search use. A person who left the
// organization keeps no team there: both read only current members.
import { db, type Tx } from '@/lib/db';

export type TeamRef = { id: string; name: string; slug: string };
export type TeamMemberRef = { userId: string; name: string; email: string };

/** The teams of the organization that `userId` is in (by name). */
export async function teamsOfUser(orgId: string, userId: string, tx: Tx = db): Promise<TeamRef[]> {
  return tx.team.findMany({
    where: {
      orgId,
      members: { some: { userId } },
      organization: { memberships: { some: { userId } } },
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true, slug: true },
  });
}

/** The members of a team who are still members of its organization (by name). */
export async function membersOfTeam(teamId: string, tx: Tx = db): Promise<TeamMemberRef[]> {
  const team = await tx.team.findUnique({ where: { id: teamId }, select: { orgId: true } });
  if (!team) return [];
  const rows = await tx.teamMember.findMany({
    where: { teamId, user: { memberships: { some: { orgId: team.orgId } } } },
    select: { user: { select: { id: true, name: true, email: true } } },
  });
  return rows
    .map((r) => ({ userId: r.user.id, name: r.user.name, email: r.user.email }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/** "My projects" (#49): the people in the teams that have the project (any organization check is the caller's). */
export async function projectTeamMemberIds(projectId: string, tx: Tx = db): Promise<string[]> {
  const rows = await tx.teamMember.findMany({
    where: { team: { projects: { some: { projectId } } } },
    select: { userId: true },
    distinct: ['userId'],
  });
  return rows.map((r) => r.userId);
}

/**
 * The project's members (#60): the people in the teams that have the project; when no team has it, everyone in its
 * organization (a project no team looks after is everybody's, as every member reads it).
 */
export async function projectMemberIds(projectId: string, tx: Tx = db): Promise<string[]> {
  const inTeams = await projectTeamMemberIds(projectId, tx);
  if (inTeams.length) return inTeams;
  const rows = await tx.membership.findMany({
    where: { organization: { projects: { some: { id: projectId } } } },
    select: { userId: true },
  });
  return rows.map((r) => r.userId);
}

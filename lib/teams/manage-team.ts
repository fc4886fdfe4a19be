// Adding and removing a team's members and projects (#49). Each change is one audit entry in its transaction; adding
// what is already there, or removing what is not, changes nothing and records nothing.
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { notFound } from '@/lib/errors';
import { getTeam, lockTeam } from './list-teams';

/** Adds a member of the organization to the team; someone who is not one → 404 (as the members routes answer). */
export async function addTeamMember(orgId: string, teamId: string, userId: string) {
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    const member = await tx.membership.findUnique({
      where: { orgId_userId: { orgId, userId } },
      select: { user: { select: { email: true } } },
    });
    if (!member) throw notFound('Member');
    const { count } = await tx.teamMember.createMany({ data: [{ teamId, userId }], skipDuplicates: true });
    if (count > 0)
      await recordAudit(tx, {
        orgId,
        action: 'team.member_added',
        target: { type: 'team', id: teamId, label: team.slug },
        changes: { member: { id: userId, email: member.user.email } },
      });
    return getTeam(orgId, teamId, tx);
  });
}

/** Removes a person from the team; someone not in it → 404. */
export async function removeTeamMember(orgId: string, teamId: string, userId: string) {
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    const { count } = await tx.teamMember.deleteMany({ where: { teamId, userId } });
    if (count === 0) throw notFound('Team member');
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    await recordAudit(tx, {
      orgId,
      action: 'team.member_removed',
      target: { type: 'team', id: teamId, label: team.slug },
      changes: { member: { id: userId, email: user?.email ?? null } },
    });
    return getTeam(orgId, teamId, tx);
  });
}

/** Gives the team a project of the organization; another organization's (or no) project → 404. */
export async function addTeamProject(orgId: string, teamId: string, projectId: string) {
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    const project = await tx.project.findFirst({ where: { id: projectId, orgId }, select: { slug: true } });
    if (!project) throw notFound('Project');
    const { count } = await tx.teamProject.createMany({ data: [{ teamId, projectId }], skipDuplicates: true });
    if (count > 0)
      await recordAudit(tx, {
        orgId,
        action: 'team.project_added',
        target: { type: 'team', id: teamId, label: team.slug },
        changes: { project: { id: projectId, slug: project.slug } },
      });
    return getTeam(orgId, teamId, tx);
  });
}

/** Takes a project from the team; a project the team does not have → 404. */
export async function removeTeamProject(orgId: string, teamId: string, projectId: string) {
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    const { count } = await tx.teamProject.deleteMany({ where: { teamId, projectId } });
    if (count === 0) throw notFound('Team project');
    const project = await tx.project.findUnique({ where: { id: projectId }, select: { slug: true } });
    await recordAudit(tx, {
      orgId,
      action: 'team.project_removed',
      target: { type: 'team', id: teamId, label: team.slug },
      changes: { project: { id: projectId, slug: project?.slug ?? null } },
    });
    return getTeam(orgId, teamId, tx);
  });
}

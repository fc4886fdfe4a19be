import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { recordAudit } from '@/lib/audit/record-audit';
import { lockTeam } from './list-teams';

/**
 * Deletes the team: its issues become unassigned, recorded in each one's activity (the actor: who deleted it), and
 * its members and projects are let go. Alert rules naming it lose their target with it (the foreign key).
 */
export async function deleteTeam(orgId: string, teamId: string, actorId: string | null): Promise<void> {
  await db.$transaction(async (tx) => {
    const team = await lockTeam(tx, orgId, teamId);
    // Locked in the ingest batch statement's order (project, fingerprint), so the two never deadlock.
    const issues = await tx.$queryRaw<{ id: string }[]>`
      SELECT i.id FROM issues i WHERE i.assigned_team_id = ${teamId}
       ORDER BY i.project_id, i.fingerprint FOR UPDATE OF i`;
    if (issues.length > 0) {
      await tx.issue.updateMany({ where: { id: { in: issues.map((i) => i.id) } }, data: { assignedTeamId: null } });
      await tx.issueActivity.createMany({
        data: issues.map((i) => ({
          issueId: i.id,
          actorId,
          type: 'ASSIGNED' as const,
          assigneeId: null,
          createdAt: clock.now(),
        })),
      });
    }
    await tx.team.delete({ where: { id: teamId } });
    await recordAudit(tx, {
      orgId,
      action: 'team.deleted',
      target: { type: 'team', id: teamId, label: team.slug },
      changes: { name: team.name, slug: team.slug, unassignedIssues: issues.length },
    });
  });
}

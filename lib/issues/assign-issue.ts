import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { badRequest, notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';
import type { AssignIssueInput } from '@/lib/zod/issues';
import { lockIssues } from './update-issue-status';
import { serializeIssueWithAssignee, withAssignee } from './serialize';

/**
 * Assigns the issue to a member of the organization, one of its teams (#49), or nobody; assigning one clears the
 * other. Records it in the activity (naming the team); the ASSIGNED workflow event's notifications handler emails
 * whom it reaches (lib/notifications). A non-member assignee or a team of another organization is 400, and nothing
 * changes; an issue elsewhere 404.
 */
export async function assignIssue(t: ProjectTenant, issueId: string, to: AssignIssueInput) {
  const assigneeId = to.kind === 'user' ? to.id : null;
  const teamId = to.kind === 'team' ? to.id : null;
  if (assigneeId) {
    const member = await db.membership.findUnique({
      where: { orgId_userId: { orgId: t.orgId, userId: assigneeId } },
      select: { id: true },
    });
    if (!member) throw badRequest('The assignee must be a member of this organization');
  }
  const issue = await db.$transaction(async (tx) => {
    const [current] = await lockIssues(tx, t, [issueId]);
    if (!current) throw notFound('Issue');
    // Checked under the issue's lock in the transaction, so a team deleted meanwhile is never assigned.
    if (teamId && !(await tx.team.findFirst({ where: { id: teamId, orgId: t.orgId }, select: { id: true } })))
      throw badRequest('The team must belong to this organization');
    await tx.issueActivity.create({
      data: {
        issueId,
        actorId: t.userId,
        type: 'ASSIGNED',
        assigneeId,
        assigneeTeamId: teamId,
        createdAt: clock.now(),
      },
    });
    return tx.issue.update({
      where: { id: issueId },
      data: { assigneeId, assignedTeamId: teamId },
      include: withAssignee,
    });
  });
  await emitWorkflowEvents([
    {
      type: 'ASSIGNED',
      projectId: t.projectId,
      issueId,
      actorId: t.userId,
      assigneeUserId: assigneeId,
      assigneeTeamId: teamId,
    },
  ]);
  return serializeIssueWithAssignee(issue);
}

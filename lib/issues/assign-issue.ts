import { createElement } from 'react';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { badRequest, notFound } from '@/lib/errors';
import { logger } from '@/lib/log';
import { sendEmail } from '@/lib/email/send-email';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';
import type { AssignIssueInput } from '@/lib/zod/issues';
import IssueAssignedEmail from '@/emails/issue-assigned-email';
import { lockIssues } from './update-issue-status';
import { serializeIssueWithAssignee, withAssignee } from './serialize';

/**
 * Assigns the issue to a member of the organization, one of its teams (#49), or nobody; assigning one clears the
 * other. Records it in the activity (naming the team), and emails a person assigned by someone else. A non-member
 * assignee or a team of another organization is 400, and nothing changes; an issue elsewhere 404.
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
      include: { ...withAssignee, project: { select: { name: true } } },
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
  if (issue.assignee && issue.assignee.id !== t.userId)
    await emailAssignee(t, issue.assignee.email, issue.title, issue.project.name, issueId);
  return serializeIssueWithAssignee(issue);
}

async function emailAssignee(t: ProjectTenant, to: string, issueTitle: string, projectName: string, issueId: string) {
  const actor = t.userId
    ? await db.user.findUnique({ where: { id: t.userId }, select: { name: true } })
    : { name: 'An API token' };
  const props = {
    assignerName: actor?.name ?? 'A teammate',
    issueTitle,
    projectName,
    issueUrl: `${env.appUrl}/projects/${encodeURIComponent(t.projectId)}/issues/${encodeURIComponent(issueId)}`,
  };
  try {
    await sendEmail({
      to,
      subject: `Assigned to you: ${issueTitle.slice(0, 120)}`,
      template: 'issue-assigned',
      data: props,
      element: createElement(IssueAssignedEmail, props),
    });
  } catch (err) {
    // The assignment stands; a failed notification is logged, not reported as a failed assignment.
    logger.error({ err, issueId }, 'assignment email failed');
  }
}

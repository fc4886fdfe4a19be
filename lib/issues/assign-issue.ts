import { createElement } from 'react';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { badRequest, notFound } from '@/lib/errors';
import { logger } from '@/lib/log';
import { sendEmail } from '@/lib/email/send-email';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';
import IssueAssignedEmail from '@/emails/issue-assigned-email';
import { lockIssues } from './update-issue-status';
import { serializeIssueWithAssignee, withAssignee } from './serialize';

/**
 * Assigns the issue to a member of the organization (or nobody), records it in the activity, and emails
 * the assignee when someone else assigned them. A non-member assignee is 400; an issue elsewhere 404.
 */
export async function assignIssue(t: ProjectTenant, issueId: string, assigneeId: string | null) {
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
    await tx.issueActivity.create({
      data: { issueId, actorId: t.userId, type: 'ASSIGNED', assigneeId, createdAt: clock.now() },
    });
    return tx.issue.update({
      where: { id: issueId },
      data: { assigneeId },
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
      assigneeTeamId: null,
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

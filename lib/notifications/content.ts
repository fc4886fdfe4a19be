// What a workflow notification says (#49): the email (a React Email template) and the project webhook's message.
import { createElement, type ReactElement } from 'react';
import { db } from '@/lib/db';
import { clip } from '@/lib/alerts/webhook-formats';
import { issueUrl, type IssueSnapshot, type WorkflowWebhookBody } from '@/lib/alerts/payloads';
import type { AssignmentDetails, WorkflowEvent } from '@/lib/workflow/workflow-events';
import IssueAssignedEmail from '@/emails/issue-assigned-email';
import IssueWorkflowEmail from '@/emails/issue-workflow-email';

export type NotifiedIssue = Pick<IssueSnapshot, 'id' | 'projectId' | 'title' | 'culprit' | 'level' | 'status'> & {
  projectName: string;
};

export type Notification = {
  email: { subject: string; template: string; data: Record<string, unknown>; element: ReactElement };
  webhook: WorkflowWebhookBody;
};

/** Why an automatic assignment was made, in words. */
export function assignmentReason(d: AssignmentDetails | undefined): string | null {
  if (!d) return null;
  if (d.source === 'suspect_commit' && d.commit) {
    const by = d.commit.authorEmail ? ` by ${d.commit.authorEmail}` : '';
    const message = d.commit.message ? ` "${clip(d.commit.message.split('\n')[0], 120)}"` : '';
    return `suspect commit ${d.commit.sha.slice(0, 12)}${message}${by}`;
  }
  const kind = d.source === 'codeowners' ? 'CODEOWNERS rule' : 'ownership rule';
  return d.rule ? `${kind} ${d.rule}` : kind;
}

async function nameOf(userId: string | null): Promise<string | null> {
  if (!userId) return null;
  return (await db.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? null;
}

/** The event's notification, or null when there is nothing to tell (an unassignment). */
export async function notificationOf(event: WorkflowEvent, issue: NotifiedIssue): Promise<Notification | null> {
  const url = issueUrl(issue.projectId, issue.id);
  const project = issue.projectName;
  const actor = 'actorId' in event ? ((await nameOf(event.actorId)) ?? 'An API token') : null;
  const summary = { title: issue.title, level: issue.level, culprit: issue.culprit, issueUrl: url };
  const webhook = (
    event: WorkflowWebhookBody['event'],
    heading: string,
    detail: string | null,
  ): WorkflowWebhookBody => ({
    type: 'workflow',
    event,
    projectName: project,
    heading,
    detail,
    issue: {
      id: issue.id,
      title: issue.title,
      culprit: issue.culprit,
      level: issue.level,
      status: issue.status,
      projectId: issue.projectId,
    },
    issueUrl: url,
  });
  const workflowEmail = (template: string, heading: string, detail: string | null) => {
    const data = { projectName: project, heading, detail, ...summary };
    return {
      subject: `${heading}: ${clip(issue.title, 120)}`,
      template,
      data,
      element: createElement(IssueWorkflowEmail, data),
    };
  };

  switch (event.type) {
    case 'ASSIGNED': {
      if (!event.assigneeUserId && !event.assigneeTeamId) return null;
      const team = event.assigneeTeamId
        ? await db.team.findUnique({ where: { id: event.assigneeTeamId }, select: { name: true } })
        : null;
      const assignee = team?.name ?? (await nameOf(event.assigneeUserId)) ?? 'a member';
      const reason = assignmentReason(event.details);
      const assignerName = event.details ? 'Tracker (automatic assignment)' : (actor ?? 'An API token');
      const data = {
        assignerName,
        issueTitle: issue.title,
        projectName: project,
        issueUrl: url,
        // Only what applies: a person assigned by hand gets the same props as before teams.
        ...(team ? { teamName: team.name } : {}),
        ...(reason ? { reason } : {}),
      };
      return {
        email: {
          subject: `Assigned to ${team ? team.name : 'you'}: ${clip(issue.title, 120)}`,
          template: 'issue-assigned',
          data,
          element: createElement(IssueAssignedEmail, data),
        },
        webhook: webhook(
          'assigned',
          `Assigned to ${assignee} in ${project}`,
          reason ? `Automatic: ${reason}` : `By ${assignerName}`,
        ),
      };
    }
    case 'COMMENTED': {
      const comment = await db.issueComment.findUnique({ where: { id: event.commentId }, select: { body: true } });
      const heading = `${actor} commented on an issue`;
      const detail = comment ? clip(comment.body, 2000) : null;
      return {
        email: workflowEmail('issue-commented', heading, detail),
        webhook: webhook('commented', `${heading} in ${project}`, detail),
      };
    }
    case 'RESOLVED': {
      const heading = event.resolvedIn
        ? `${actor} resolved an issue in release ${event.resolvedIn}`
        : `${actor} resolved an issue`;
      return {
        email: workflowEmail('issue-resolved', heading, null),
        webhook: webhook('resolved', `${heading} in ${project}`, null),
      };
    }
    case 'REGRESSED': {
      const heading = `Regression in ${project}`;
      const detail = 'A resolved issue received a new event and is unresolved again.';
      return {
        email: workflowEmail('issue-regressed', heading, detail),
        webhook: webhook('regressed', heading, detail),
      };
    }
    case 'NEW_ISSUE': {
      const heading = `New issue in ${project}`;
      return { email: workflowEmail('issue-created', heading, null), webhook: webhook('new_issue', heading, null) };
    }
  }
}

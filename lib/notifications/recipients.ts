// Who hears of a workflow event (#49), as Sentry's "participants": never the person who did it, and only people who
// are still members of the project's organization.
import { db } from '@/lib/db';
import { membersOfTeam, projectTeamMemberIds } from '@/lib/teams/team-members';
import type { WorkflowEvent } from '@/lib/workflow/workflow-events';

export type Recipient = { id: string; name: string; email: string };

/**
 * ASSIGNED: the person assigned, or every member of the team assigned. COMMENTED, REGRESSED, RESOLVED: the issue's
 * participants (its assignee or assigned team's members, who commented, who changed it). NEW_ISSUE: the members of
 * the teams that have the project.
 */
export async function recipientsOf(event: WorkflowEvent, orgId: string): Promise<Recipient[]> {
  let ids: string[];
  switch (event.type) {
    case 'ASSIGNED':
      ids = event.assigneeUserId
        ? [event.assigneeUserId]
        : event.assigneeTeamId
          ? (await membersOfTeam(event.assigneeTeamId)).map((m) => m.userId)
          : [];
      break;
    case 'NEW_ISSUE':
      ids = await projectTeamMemberIds(event.projectId);
      break;
    default:
      ids = await participantsOf(event.issueId);
  }
  const actorId = 'actorId' in event ? event.actorId : null;
  const wanted = [...new Set(ids)].filter((id) => id !== actorId);
  if (!wanted.length) return [];
  return db.user.findMany({
    where: { id: { in: wanted }, memberships: { some: { orgId } } },
    select: { id: true, name: true, email: true },
    orderBy: { id: 'asc' },
  });
}

/** The issue's assignee (or its assigned team's members), and everyone who commented on it or changed it. */
export async function participantsOf(issueId: string): Promise<string[]> {
  const issue = await db.issue.findUnique({
    where: { id: issueId },
    select: {
      assigneeId: true,
      assignedTeamId: true,
      comments: { where: { authorId: { not: null } }, select: { authorId: true }, distinct: ['authorId'] },
      activities: { where: { actorId: { not: null } }, select: { actorId: true }, distinct: ['actorId'] },
    },
  });
  if (!issue) return [];
  const team = issue.assignedTeamId ? (await membersOfTeam(issue.assignedTeamId)).map((m) => m.userId) : [];
  return [
    ...(issue.assigneeId ? [issue.assigneeId] : []),
    ...team,
    ...issue.comments.map((c) => c.authorId!),
    ...issue.activities.map((a) => a.actorId!),
  ];
}

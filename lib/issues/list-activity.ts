import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { AssignmentDetails } from '@/lib/workflow/workflow-events';
import { serializeComment } from './comments';

const person = { select: { id: true, name: true } } as const;

/**
 * The issue's timeline, oldest first: first seen (from the issue itself), then status changes with who
 * made them, assignments, regressions (recorded by the database on ingest) and comments.
 */
export async function listIssueActivity(t: ProjectTenant, issueId: string) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: t.projectId, project: { orgId: t.orgId } },
    select: {
      firstSeen: true,
      activities: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: {
          actor: person,
          assignee: person,
          assigneeTeam: { select: { id: true, name: true, slug: true } },
          comment: { include: { author: person } },
        },
      },
    },
  });
  if (!issue) throw notFound('Issue');
  return [
    { id: `first-seen-${issueId}`, type: 'FIRST_SEEN' as const, actor: null, createdAt: issue.firstSeen.toISOString() },
    ...issue.activities.map((a) => ({
      id: a.id,
      type: a.type,
      actor: a.actor,
      createdAt: a.createdAt.toISOString(),
      ...(a.type === 'STATUS' || a.type === 'REGRESSED' ? { fromStatus: a.fromStatus, toStatus: a.toStatus } : {}),
      // details: why an automatic assignment was made (ownership rule, CODEOWNERS line, suspect commit).
      ...(a.type === 'ASSIGNED'
        ? {
            assignee: a.assignee,
            assigneeTeam: a.assigneeTeam,
            details: (a.details as AssignmentDetails | null) ?? null,
          }
        : {}),
      ...(a.type === 'COMMENT' && a.comment ? { comment: serializeComment(a.comment) } : {}),
    })),
  ];
}

export type IssueActivityEntry = Awaited<ReturnType<typeof listIssueActivity>>[number];

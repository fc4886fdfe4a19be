import { db } from '@/lib/db';
import { pagination } from '@/lib/http/query';
import type { ListIssuesQuery } from '@/lib/zod/issues';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';

/** One page of the project's issues, newest activity first, with the optional status/level/assignee filters. */
export async function listIssues(orgId: string, projectId: string, userId: string | null, q: ListIssuesQuery) {
  const where = {
    projectId,
    project: { orgId },
    ...(q.status ? { status: q.status } : {}),
    ...(q.level ? { level: q.level } : {}),
    ...(q.assignee ? q.assignee === 'me' ? (userId === null ? { id: { in: [] } } : { assigneeId: userId }) : { assigneeId: null } : {}),
  };
  const [total, issues] = await Promise.all([
    db.issue.count({ where }),
    db.issue.findMany({
      where,
      include: withAssignee,
      orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  return { issues: issues.map(q.expand ? serializeIssueWithAssignee : serializeIssue), pagination: pagination(q.page, q.limit, total) };
}

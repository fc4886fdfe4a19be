import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { pagination } from '@/lib/http/query';
import type { ListIssuesQuery } from '@/lib/zod/issues';
import { serializeIssue } from './serialize';

/** One page of the project's issues, newest activity first, with the optional status/level filters. */
export async function listIssues(orgId: string, projectId: string, q: ListIssuesQuery) {
  const where = {
    projectId,
    project: { orgId },
    ...(q.status ? { status: q.status } : {}),
    ...(q.level ? { level: q.level } : {}),
  };
  const [project, total, issues] = await Promise.all([
    db.project.findFirst({ where: { id: projectId, orgId }, select: { id: true } }),
    db.issue.count({ where }),
    db.issue.findMany({
      where,
      orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  if (!project) throw notFound('Project');
  return { issues: issues.map(serializeIssue), pagination: pagination(q.page, q.limit, total) };
}

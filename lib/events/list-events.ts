import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { pagination } from '@/lib/http/query';
import { serializeEvent } from './serialize';

/** One page of an issue's events, most recent first; 404 unless the issue is in this project of this organization. */
export async function listEvents(orgId: string, projectId: string, issueId: string, q: { page: number; limit: number }) {
  const where = { issueId, projectId, issue: { projectId, project: { orgId } } };
  const [issue, total, events] = await Promise.all([
    db.issue.findFirst({ where: { id: issueId, projectId, project: { orgId } }, select: { id: true } }),
    db.event.count({ where }),
    db.event.findMany({ where, orderBy: [{ timestamp: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
  ]);
  if (!issue) throw notFound('Issue');
  return { events: events.map(serializeEvent), pagination: pagination(q.page, q.limit, total) };
}

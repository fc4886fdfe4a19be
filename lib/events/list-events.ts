import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { pagination } from '@/lib/http/query';
import { serializeEvent } from './serialize';

/**
 * Events of an issue newest first, `limit` from `offset`. The offset is walked in the (issue_id, timestamp desc,
 * id desc) index alone (an index-only scan of ids), then only the page's rows are read: a deep page costs
 * index entries, not rows. The caller checks the issue's tenant.
 */
export async function eventsPage(issueId: string, offset: number, limit: number) {
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM events WHERE issue_id = ${issueId}
    ORDER BY timestamp DESC, id DESC OFFSET ${offset}::bigint LIMIT ${limit}::int`;
  if (ids.length === 0) return [];
  const rows = await db.event.findMany({ where: { issueId, id: { in: ids.map((r) => r.id) } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((r) => byId.get(r.id) ?? []);
}

/**
 * One page of an issue's events, most recent first; 404 unless the issue is in this project of this
 * organization. `total` is the issue's exact event count (kept by ingest), not a count of rows.
 */
export async function listEvents(orgId: string, projectId: string, issueId: string, q: { page: number; limit: number }) {
  const offset = (q.page - 1) * q.limit;
  const issue = await db.issue.findFirst({ where: { id: issueId, projectId, project: { orgId } }, select: { eventCount: true } });
  if (!issue) throw notFound('Issue');
  // Past the issue's count there is nothing to read (retention only ever removes events).
  const events = offset < issue.eventCount ? await eventsPage(issueId, offset, q.limit) : [];
  return { events: events.map(serializeEvent), pagination: pagination(q.page, q.limit, issue.eventCount) };
}

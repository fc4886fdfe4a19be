import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { pagination } from '@/lib/http/query';
import type { LevelValue } from '@/lib/zod/issues';
import { serializeEvent } from './serialize';

type EventRow = Parameters<typeof serializeEvent>[0];

/**
 * Events of an issue newest first, `limit` from `offset`, in one statement. The offset is walked in the
 * (issue_id, timestamp desc, id desc) INCLUDE (received_at) index alone (an index-only scan), then each row of
 * the page is read from its own day's partition (id and received_at are its primary key): a deep page costs
 * index entries, not rows. The caller checks the issue's tenant.
 */
export async function eventsPage(issueId: string, offset: number, limit: number): Promise<EventRow[]> {
  const rows = await db.$queryRaw<(Omit<EventRow, 'level'> & { level: string })[]>`
    SELECT e.id, e.issue_id AS "issueId", e.project_id AS "projectId", e.event_id AS "eventId", e.level::text AS level, e.message,
           e.stacktrace, e.contexts, e.tags, e.user_context AS "userContext", e.request, e.breadcrumbs, e.details,
           e.environment, e.release, e.timestamp, e.received_at AS "receivedAt"
    FROM (
      SELECT id, received_at, timestamp FROM events WHERE issue_id = ${issueId}
      ORDER BY timestamp DESC, id DESC OFFSET ${offset}::bigint LIMIT ${limit}::int
    ) k
    CROSS JOIN LATERAL (SELECT * FROM events x WHERE x.id = k.id AND x.received_at = k.received_at) e
    ORDER BY k.timestamp DESC, k.id DESC`;
  return rows.map((r) => ({ ...r, level: r.level as LevelValue }));
}

/**
 * One page of an issue's events, most recent first; 404 unless the issue is in this project of this
 * organization. `total` is the issue's exact event count (kept by ingest), not a count of rows.
 */
export async function listEvents({
  orgId,
  projectId,
  issueId,
  q,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
  q: { page: number; limit: number };
}) {
  const offset = (q.page - 1) * q.limit;
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    select: { eventCount: true },
  });
  if (!issue) throw notFound('Issue');
  // Past the issue's count there is nothing to read (retention only ever removes events).
  const events = offset < issue.eventCount ? await eventsPage(issueId, offset, q.limit) : [];
  return { events: events.map(serializeEvent), pagination: pagination(q.page, q.limit, issue.eventCount) };
}

import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { serializeEvent } from './serialize';

/** The issue's events around one, in the events list's order (timestamp, then id): ids only, null at either end. */
export type EventNeighbours = {
  previousEventId: string | null;
  nextEventId: string | null;
  latestEventId: string | null;
  oldestEventId: string | null;
};

const eventWhere = (orgId: string, projectId: string, issueId: string, eventId: string) => ({
  id: eventId,
  issueId,
  projectId,
  issue: { projectId, project: { orgId } },
});

/** One event in full; 404 unless it belongs to this issue of this project of this organization. */
export async function getEvent({
  orgId,
  projectId,
  issueId,
  eventId,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
  eventId: string;
}) {
  const event = await db.event.findFirst({ where: eventWhere(orgId, projectId, issueId, eventId) });
  if (!event) throw notFound('Event');
  return serializeEvent(event);
}

/**
 * Where one event sits among its issue's events: `previous` is the next older event, `next` the next newer one
 * (as in Sentry's event API), and the latest and oldest. Four LIMIT 1 reads of the (issue_id, timestamp desc,
 * id desc) index, one probe per daily partition, never a scan. 404 like getEvent.
 */
export async function getEventNeighbours({
  orgId,
  projectId,
  issueId,
  eventId,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
  eventId: string;
}): Promise<EventNeighbours> {
  const at = await db.event.findFirst({
    where: eventWhere(orgId, projectId, issueId, eventId),
    select: { id: true, timestamp: true },
  });
  if (!at) throw notFound('Event');
  const [row] = await db.$queryRaw<EventNeighbours[]>`
    SELECT
      (SELECT id FROM events WHERE issue_id = ${issueId} AND (timestamp, id) < (${at.timestamp}::timestamptz, ${at.id}::text)
        ORDER BY timestamp DESC, id DESC LIMIT 1) AS "previousEventId",
      (SELECT id FROM events WHERE issue_id = ${issueId} AND (timestamp, id) > (${at.timestamp}::timestamptz, ${at.id}::text)
        ORDER BY timestamp ASC, id ASC LIMIT 1) AS "nextEventId",
      (SELECT id FROM events WHERE issue_id = ${issueId} ORDER BY timestamp DESC, id DESC LIMIT 1) AS "latestEventId",
      (SELECT id FROM events WHERE issue_id = ${issueId} ORDER BY timestamp ASC, id ASC LIMIT 1) AS "oldestEventId"`;
  return row;
}

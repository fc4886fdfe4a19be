// An issue's events and one event by id, as Sentry's event endpoints answer them.
import { db } from '@/lib/db';
import { readDb } from '@/lib/replica';
import type { LevelValue } from '@/lib/zod/issues';
import { eventsByClientId } from '@/lib/events/by-client-id';
import { eventsPage } from '@/lib/events/list-events';
import { offsetCursors } from './cursor';
import { normalizeEventId } from './ids';
import { sentryNotFound } from './org';
import { serializeSentryEvent, serializeSimpleEvent, sentryEventId, type EventOwner } from './serialize-event';

type EventRow = Awaited<ReturnType<typeof eventsPage>>[number];

const EVENT_COLUMNS = `e.id, e.issue_id AS "issueId", e.project_id AS "projectId", e.event_id AS "eventId", e.level::text AS level,
  e.message, e.stacktrace, e.contexts, e.tags, e.user_context AS "userContext", e.request, e.breadcrumbs, e.details,
  e.environment, e.release, e.timestamp, e.received_at AS "receivedAt"`;

/** The issue an event endpoint names, with what its events show of it. */
export async function eventOwner(issueId: string): Promise<EventOwner & { issueId: string }> {
  const i = await db.issue.findUniqueOrThrow({
    where: { id: issueId },
    select: {
      id: true,
      number: true,
      culprit: true,
      fingerprint: true,
      project: { select: { number: true, platform: true } },
    },
  });
  return {
    issueId: i.id,
    issueNumber: i.number,
    projectNumber: i.project.number,
    projectPlatform: i.project.platform,
    culprit: i.culprit,
    fingerprint: i.fingerprint,
  };
}

export type EventFilter = { environments: string[]; start: Date | null; end: Date | null };

/**
 * A page of the issue's events, newest first (Sentry's offset cursors). Without a filter the issue's events index
 * is walked alone (lib/events/list-events.ts); with environments or a period, the issue's events are filtered.
 */
export async function listIssueEvents(
  issueId: string,
  page: { offset: number; limit: number; full: boolean; filter: EventFilter },
) {
  const owner = await eventOwner(issueId);
  const { offset, limit, filter } = page;
  const filtered = filter.environments.length > 0 || filter.start !== null || filter.end !== null;
  const rows = filtered
    ? await readDb().$queryRawUnsafe<(Omit<EventRow, 'level'> & { level: string })[]>(
        `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.issue_id = $1
           AND ($2::text[] IS NULL OR e.environment = ANY($2::text[]))
           AND ($3::timestamptz IS NULL OR e.timestamp >= $3) AND ($4::timestamptz IS NULL OR e.timestamp <= $4)
         ORDER BY e.timestamp DESC, e.id DESC OFFSET ${offset} LIMIT ${limit + 1}`,
        issueId,
        filter.environments.length > 0 ? filter.environments : null,
        filter.start,
        filter.end,
      )
    : await eventsPage(issueId, offset, limit + 1);
  const events = rows.slice(0, limit).map((r) => ({ ...r, level: r.level as LevelValue }));
  return {
    events: events.map((e) => (page.full ? serializeSentryEvent(e, owner) : serializeSimpleEvent(e, owner))),
    links: offsetCursors(offset, limit, rows.length > limit),
  };
}

async function neighbours(e: { id: string; issueId: string; timestamp: Date }) {
  const [row] = await db.$queryRaw<
    { prev: string | null; prevClient: string | null; next: string | null; nextClient: string | null }[]
  >`
    SELECT p.id AS prev, p.event_id AS "prevClient", n.id AS next, n.event_id AS "nextClient" FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT id, event_id FROM events WHERE issue_id = ${e.issueId}
      AND (timestamp, id) < (${e.timestamp}::timestamptz, ${e.id}::text) ORDER BY timestamp DESC, id DESC LIMIT 1) p ON true
    LEFT JOIN LATERAL (SELECT id, event_id FROM events WHERE issue_id = ${e.issueId}
      AND (timestamp, id) > (${e.timestamp}::timestamptz, ${e.id}::text) ORDER BY timestamp ASC, id ASC LIMIT 1) n ON true`;
  return {
    previousEventID: row?.prev ? sentryEventId({ id: row.prev, eventId: row.prevClient }) : null,
    nextEventID: row?.next ? sentryEventId({ id: row.next, eventId: row.nextClient }) : null,
  };
}

/** The whole event with its neighbours in its issue. */
async function full(e: EventRow) {
  return serializeSentryEvent(e, await eventOwner(e.issueId), await neighbours(e));
}

/** The issue's latest, oldest or recommended event (ours recommends the latest); 404 when it has none. */
export async function issueEvent(issueId: string, which: 'latest' | 'oldest' | 'recommended') {
  const rows =
    which === 'oldest'
      ? await readDb().$queryRawUnsafe<(Omit<EventRow, 'level'> & { level: string })[]>(
          `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.issue_id = $1 ORDER BY e.timestamp ASC, e.id ASC LIMIT 1`,
          issueId,
        )
      : await eventsPage(issueId, 0, 1);
  if (rows.length === 0) throw sentryNotFound();
  return full({ ...rows[0], level: rows[0].level as LevelValue });
}

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * One event of the project by the id Sentry shows (lib/sentry-api/serialize-event.ts: the SDK's event_id, else
 * ours): our own id first (the events' primary key), then the SDK's through event_ids (kept DEDUP_WINDOW_DAYS),
 * then, for an older one, the project's events themselves. Within `issueId` when given.
 */
export async function projectEvent(projectId: string, ref: string, issueId?: string) {
  const hex = normalizeEventId(ref);
  if (!hex) throw sentryNotFound();
  const scope = issueId ? `AND e.issue_id = $3` : '';
  const args = issueId ? [projectId, null, issueId] : [projectId, null];
  const query = (cond: string, value: string) =>
    readDb().$queryRawUnsafe<(Omit<EventRow, 'level'> & { level: string })[]>(
      `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.project_id = $1 AND ${cond} ${scope} LIMIT 1`,
      ...args.map((a, i) => (i === 1 ? value : a)),
    );
  let rows = await query('e.id = $2', asUuid(hex));
  if (rows.length === 0) {
    const known = await eventsByClientId(projectId, [hex], { id: true, receivedAt: true, issueId: true });
    const hit = known.find((k) => !issueId || k.issueId === issueId);
    rows = hit ? await query(`e.id = $2`, hit.id) : await query('e.event_id = $2', hex);
  }
  if (rows.length === 0) throw sentryNotFound();
  return full({ ...rows[0], level: rows[0].level as LevelValue });
}

// Stores feedback items (#33), scrubbed by the feedback kind's declaration (./index.ts): one row per feedback id (a
// repeat is stored once), linked to the issue of the event it is about when that event is already stored (else when
// the feedback is read: linkPendingFeedback). Counted as accepted user feedback; not counted against the monthly
// event quota (as Sentry).
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { pool } from '@/lib/pg';
import type { CountOutcome } from '../kind';
import { notifyNewFeedback } from './feedback-email';
import type { FeedbackItem } from './parse-feedback';

/** The issue of an event by its client id, through event_ids (which knows the partition it went to). */
const ISSUE_OF_EVENT = `(SELECT e.issue_id FROM event_ids x JOIN events e ON e.project_id = x.project_id AND e.received_at = x.received_at AND e.event_id = x.event_id
                          WHERE x.project_id = f.project_id AND x.event_id = f.associated_event_id LIMIT 1)`;

export async function storeFeedback(key: IngestKey, items: FeedbackItem[], count: CountOutcome): Promise<void> {
  if (items.length === 0) return;
  const { rows } = await pool().query<{ id: string }>(
    `WITH f AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::timestamptz[])
         AS f(event_id, associated_event_id, message, name, email, url, source, contexts, created_at)
     )
     INSERT INTO feedback (project_id, event_id, associated_event_id, issue_id, message, name, email, url, source, contexts, created_at, updated_at)
     SELECT $10, f.event_id, f.associated_event_id,
            (SELECT e.issue_id FROM event_ids x JOIN events e ON e.project_id = x.project_id AND e.received_at = x.received_at AND e.event_id = x.event_id
              WHERE x.project_id = $10 AND x.event_id = f.associated_event_id LIMIT 1),
            f.message, f.name, f.email, f.url, f.source, f.contexts, f.created_at, f.created_at
       FROM f
     ON CONFLICT (project_id, event_id) DO NOTHING
     RETURNING id`,
    [
      items.map((i) => i.eventId),
      items.map((i) => i.associatedEventId),
      items.map((i) => i.message),
      items.map((i) => i.name),
      items.map((i) => i.email),
      items.map((i) => i.url),
      items.map((i) => i.source),
      items.map((i) => (i.contexts ? JSON.stringify(i.contexts) : null)),
      items.map((i) => i.createdAt),
      key.projectId,
    ],
  );
  for (let i = 0; i < items.length; i++)
    count({ projectId: key.projectId, category: 'feedback', outcome: 'accepted', reason: '' });
  if (rows.length > 0)
    notifyNewFeedback(
      key.projectId,
      rows.map((r) => r.id),
    );
}

/** Links feedback that arrived before its event (a user report sent first) to the event's issue, once it is stored. */
export async function linkPendingFeedback(projectId: string): Promise<void> {
  await pool().query(
    `UPDATE feedback f SET issue_id = ${ISSUE_OF_EVENT}
      WHERE f.project_id = $1 AND f.issue_id IS NULL AND f.associated_event_id IS NOT NULL AND f.created_at > now() - interval '30 days'
        AND ${ISSUE_OF_EVENT} IS NOT NULL`,
    [projectId],
  );
}

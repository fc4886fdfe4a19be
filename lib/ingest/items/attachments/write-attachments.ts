// Stores an envelope's attachments (#33) in the configured store, after the per-event cap: what an event already
// has plus what comes now may not pass ATTACHMENTS_PER_EVENT_MAX_BYTES (the rest is refused as too_large). Each is
// counted in the outcomes; none counts against the monthly event quota. Their file name and content type are scrubbed
// by the attachments kind's declaration (./index.ts); their bytes are stored as sent.
import crypto from 'node:crypto';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { pool } from '@/lib/pg';
import type { Outcome } from '@/lib/outcomes/categories';
import type { CountOutcome } from '../kind';
import { ATTACHMENTS_PER_EVENT_MAX_BYTES, type AttachmentItem } from './parse-attachment';
import { attachmentStore, type NewAttachment } from '@/lib/attachments/store';

export async function storeAttachments(
  key: IngestKey,
  items: AttachmentItem[],
  count: CountOutcome,
): Promise<{ stored: number; tooLarge: number }> {
  if (items.length === 0) return { stored: 0, tooLarge: 0 };
  const eventIds = [...new Set(items.map((i) => i.eventId))];
  const { rows } = await pool().query<{ event_id: string; bytes: string }>(
    `SELECT event_id, sum(size)::bigint AS bytes FROM attachments WHERE project_id = $1 AND event_id = ANY($2) GROUP BY event_id`,
    [key.projectId, eventIds],
  );
  const used = new Map(rows.map((r) => [r.event_id, Number(r.bytes)]));
  const keep: NewAttachment[] = [];
  let tooLarge = 0;
  for (const item of items) {
    const total = (used.get(item.eventId) ?? 0) + item.data.length;
    if (total > ATTACHMENTS_PER_EVENT_MAX_BYTES) {
      tooLarge++;
      count({ projectId: key.projectId, category: 'attachment', outcome: 'invalid', reason: 'too_large' });
      continue;
    }
    used.set(item.eventId, total);
    keep.push({ id: crypto.randomUUID(), projectId: key.projectId, ...item });
  }
  if (keep.length > 0) {
    await attachmentStore().save(keep);
    for (let i = 0; i < keep.length; i++)
      count({ projectId: key.projectId, category: 'attachment', outcome: 'accepted', reason: '' });
  }
  return { stored: keep.length, tooLarge };
}

/** Attachments that came with an event the envelope's answer refused: counted with the event's outcome. */
export function refuseAttachments(
  key: IngestKey,
  items: AttachmentItem[],
  { outcome, reason, count }: { outcome: Outcome; reason: string; count: CountOutcome },
): void {
  count({ projectId: key.projectId, category: 'attachment', outcome, reason, quantity: items.length });
}

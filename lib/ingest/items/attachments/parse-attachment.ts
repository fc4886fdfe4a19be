// `attachment` envelope items (#33): a file sent with an event or a piece of feedback (the envelope header's
// event_id), any content type, screenshots and view hierarchies included. The caps: ATTACHMENT_MAX_BYTES per item
// and ATTACHMENTS_PER_EVENT_MAX_BYTES per event (over all its envelopes); an attachment past either is refused as an
// outcome (attachment, invalid, too_large) while its event is stored.
import type { Path } from '@/lib/envelope/validate-envelope';
import type { JsonObject } from '@/lib/envelope/parse-envelope';

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_EVENT_MAX_BYTES = 10 * 1024 * 1024;

export type AttachmentItem = {
  eventId: string;
  filename: string;
  contentType: string;
  attachmentType: string;
  data: Buffer;
};
export type RefusedAttachment = { path: Path; reason: 'too_large' | 'missing_event_id' | 'invalid_header' };

const hex32 = (v: unknown) => {
  const s = typeof v === 'string' ? v.replace(/-/g, '').toLowerCase() : '';
  return /^[0-9a-f]{32}$/.test(s) ? s : null;
};

/** A file name as a download may carry it: no path, no control characters, at most 200 characters. */
export function safeFilename(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const base = v.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return clean.length > 0 ? clean : null;
}

const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/**
 * `eventId`: the envelope header's event_id, else the id of the event the envelope carries (SDKs put it in the
 * header; a hand-made envelope may not).
 */
export function parseAttachment({
  header,
  payload,
  path,
  envelopeEventId,
}: {
  header: JsonObject;
  payload: Buffer;
  path: Path;
  envelopeEventId: unknown;
}): AttachmentItem | RefusedAttachment {
  const eventId = hex32(envelopeEventId);
  if (!eventId) return { path, reason: 'missing_event_id' };
  const filename = safeFilename(header.filename);
  if (!filename) return { path: [...path, 'filename'], reason: 'invalid_header' };
  if (payload.length > ATTACHMENT_MAX_BYTES) return { path, reason: 'too_large' };
  let declared = typeof header.content_type === 'string' ? header.content_type.split(';')[0].trim().toLowerCase() : '';
  // The browser SDK's feedback screenshot says application/png.
  const image = /^application\/(png|jpe?g|gif|webp)$/.exec(declared);
  if (image) declared = `image/${image[1] === 'jpg' ? 'jpeg' : image[1]}`;
  return {
    eventId,
    filename,
    contentType: CONTENT_TYPE.test(declared) ? declared : 'application/octet-stream',
    attachmentType:
      typeof header.attachment_type === 'string' && /^[a-z._]{1,64}$/.test(header.attachment_type)
        ? header.attachment_type
        : 'event.attachment',
    data: payload,
  };
}

// Files sent with an event or a piece of feedback (#33, #44): `attachment` items, keyed by the envelope's event
// (its header's event_id, else the event item's), capped per item and per event, and stored with their event's
// fate: with it (or alone, for an event sent before), counted with it when it was not stored (filtered, a repeat of
// an envelope already stored, refused, or itself invalid).
import { defineKind } from '../kind';
import { events, refusalOf } from '../events';
import { parseAttachment, type AttachmentItem } from './parse-attachment';
import { refuseAttachments, storeAttachments } from './write-attachments';

export {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_EVENT_MAX_BYTES,
  safeFilename,
  type AttachmentItem,
} from './parse-attachment';

export const attachments = defineKind<AttachmentItem>({
  name: 'attachments',
  // Files sent with an event share its fate.
  after: ['events'],
  itemTypes: { attachment: 'attachment' },
  fileTypes: ['attachment'],
  fields: { text: ['filename', 'contentType'] },
  parse(item, _type, ctx) {
    const a = parseAttachment({
      header: item.header,
      payload: item.payload,
      path: ctx.path,
      envelopeEventId: ctx.envelopeEventId(),
    });
    return 'reason' in a ? { items: [], refused: [a.reason] } : { items: [a] };
  },
  async store(key, items, { outcomeOf, eventRefused, count }) {
    const outcome = outcomeOf(events);
    if (eventRefused) refuseAttachments(key, items, { outcome: 'invalid', reason: 'event_invalid', count });
    else if (outcome.kind === 'stored') await storeAttachments(key, items, count);
    else if (outcome.kind === 'duplicate')
      refuseAttachments(key, items, { outcome: 'filtered', reason: 'event_not_stored', count });
    else {
      const [refused, reason] = refusalOf(outcome);
      refuseAttachments(key, items, { outcome: refused, reason, count });
    }
  },
});

import type { FieldIssue } from '@/lib/errors';
import { MAX_JSON_DEPTH, tooDeepKey } from '@/lib/envelope/prepare-json';
import { validateUnit, type IngestUnit, type Path } from '@/lib/envelope/validate-envelope';
import type { Category } from '@/lib/outcomes/categories';
import type { ClientDiscard } from '@/lib/outcomes/client-report';
import { eventIdOf } from '@/lib/envelope/sentry/map-event';
import { itemTypeOf, storeBodyType, type ItemType } from './item-types';
import { parseEnvelope, parseJsonObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import type { SessionItem } from '@/lib/ingest/items/sessions/parse-sessions';
import type { CheckIn } from '@/lib/ingest/items/check-ins/parse-checkin';
import type { FeedbackItem } from '@/lib/ingest/items/feedback/parse-feedback';
import { MAX_SPANS_PER_ITEM, spansOfTransaction, spansOfV2, type SpanRow } from '@/lib/ingest/items/spans/parse-spans';
import { spansOf } from '@/lib/envelope/sentry/map-spans';
import type { LogRow } from '@/lib/ingest/items/logs/parse-logs';
import { parseAttachment, type AttachmentItem, type RefusedAttachment } from '@/lib/ingest/items/attachments/parse-attachment';

export type SentryEndpoint = 'envelope' | 'store';

export type PreparedItems =
  | {
      ok: true;
      units: IngestUnit[];
      eventId: string | undefined;
      envelopeHeader: JsonObject;
      /** The category of each item we do not store (yet): accepted, skipped, and counted as `unsupported`. */
      unsupported: Category[];
      /** What the SDK said it dropped (`client_report` items). */
      discards: ClientDiscard[];
      /** Session updates and aggregates (release health), and the session items refused with why. */
      sessions: SessionItem[];
      invalidSessions: FieldIssue[];
      /** Cron check-ins, and those refused with why. */
      checkIns: CheckIn[];
      invalidCheckIns: FieldIssue[];
      /** User feedback, and the feedback items refused with why. */
      feedback: FeedbackItem[];
      invalidFeedback: FieldIssue[];
      /** Attachments, and those refused (too large, no event id, a bad header). */
      attachments: AttachmentItem[];
      refusedAttachments: RefusedAttachment[];
      /** Bytes of everything but attachments: each of those items together stays under 1 MiB, as a bare event does. */
      otherBytes: number;
      /** Every span of the envelope's transactions and span items (stored once their transactions are). */
      spans: SpanRow[];
      /** Log lines, and the log items refused with why. */
      logs: LogRow[];
      invalidLogs: FieldIssue[];
      /** Spans and log lines sent but not usable (no ids or times) or past the caps: counted as invalid. */
      unusable: { spans: number; logs: number };
      /** Events and transactions refused with why, while the envelope's other items are kept. */
      invalidUnits: { category: Category; issues: FieldIssue[] }[];
      /** Items whose parsing failed unexpectedly: counted as invalid (processing_error), never the envelope's end. */
      failed: Category[];
    }
  | { ok: false; issues: FieldIssue[]; category: Category };

const MAX_SPANS_PER_ENVELOPE = 5 * MAX_SPANS_PER_ITEM;

const NOTHING_ELSE = { unsupported: [], discards: [], sessions: [], invalidSessions: [], checkIns: [], invalidCheckIns: [], feedback: [], invalidFeedback: [], attachments: [], refusedAttachments: [], spans: [], logs: [], invalidLogs: [], unusable: { spans: 0, logs: 0 }, invalidUnits: [], failed: [] };

const hex32 = (v: unknown) => {
  const id = eventIdOf(v);
  return typeof id === 'string' && /^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : undefined;
};

/** Depth check (before any recursion over the payload), mapping, and the one validation of each unit. */
function unitsOf(
  itemType: (payload: JsonObject) => ItemType,
  text: string,
  path: Path,
  headerEventId: unknown,
): { units: IngestUnit[]; payload: JsonObject } | FieldIssue[] {
  const payload = parseJsonObject(text);
  if (!payload) return [{ path, message: path.length === 0 ? 'Body must be one JSON event object' : 'Item payload must be a JSON object' }];
  const deep = tooDeepKey(payload);
  if (deep !== null) return [{ path: [...path, deep], message: `Nested more than ${MAX_JSON_DEPTH} levels deep` }];
  const handler = itemType(payload);
  if (handler.handling !== 'stored') return { units: [], payload };
  const mapped = handler.map(payload, path, headerEventId);
  if (!Array.isArray(mapped)) return [mapped];
  const hadEscapes = text.includes('\\u');
  const units: IngestUnit[] = [];
  for (const m of mapped) {
    const v = validateUnit(m.json, { path: m.path, hadEscapes, grouping: 'sentry', stackless: m.stackless, message: m.message });
    if (!v.ok) return v.issues;
    units.push(v.unit);
  }
  return { units, payload };
}

/**
 * Parses a Sentry envelope (or, for /store/, one bare event) and maps every ingestible item into our
 * envelope format, validating each once, all of them before anything is stored. Each item stands alone: one that
 * fails is refused with why and its siblings are kept; only an envelope holding nothing but refused events and
 * transactions (and their attachments) is refused whole. Never throws on any input.
 */
export function prepareItems(endpoint: SentryEndpoint, body: Buffer): PreparedItems {
  if (endpoint === 'store') {
    const text = body.toString('utf8');
    const r = unitsOf(storeBodyType, text, [], undefined);
    if (Array.isArray(r)) return { ok: false, issues: r, category: /"type"\s*:\s*"transaction"/.test(text) ? 'transaction' : 'error' };
    return { ...NOTHING_ELSE, ok: true, units: r.units, eventId: hex32(r.payload.event_id), envelopeHeader: {}, otherBytes: body.length };
  }

  const parsed = parseEnvelope(body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue], category: 'unknown' };
  const { header, items } = parsed.envelope;
  const units: IngestUnit[] = [];
  const unsupported: Category[] = [];
  const discards: ClientDiscard[] = [];
  const sessions: SessionItem[] = [];
  const invalidSessions: FieldIssue[] = [];
  const checkIns: CheckIn[] = [];
  const invalidCheckIns: FieldIssue[] = [];
  const feedback: FeedbackItem[] = [];
  const invalidFeedback: FieldIssue[] = [];
  const attachments: AttachmentItem[] = [];
  const refusedAttachments: RefusedAttachment[] = [];
  const attachmentItems: { item: (typeof items)[number]; index: number }[] = [];
  let otherBytes = 0;
  const spans: SpanRow[] = [];
  const unusable = { spans: 0, logs: 0 };
  const logs: LogRow[] = [];
  const invalidLogs: FieldIssue[] = [];
  const invalidUnits: { category: Category; issues: FieldIssue[] }[] = [];
  const failed: Category[] = [];
  let eventId = hex32(header.event_id);
  for (const [index, item] of items.entries()) {
    const type = String(item.header.type);
    const handler = itemTypeOf(type);
    try {
      if (handler.handling === 'attachment') {
        attachmentItems.push({ item, index });
        continue;
      }
      otherBytes += item.payload.length;
      if (handler.handling === 'logs') {
        const path = ['items', index];
        const payload = parseJsonObject(item.payload.toString('utf8'));
        const parsed = payload ? handler.parse(payload, path) : [{ path, message: 'Item payload must be a JSON object' }];
        if (parsed.length > 0 && 'message' in parsed[0] && 'path' in parsed[0]) invalidLogs.push(parsed[0] as FieldIssue);
        else {
          logs.push(...(parsed as LogRow[]));
          // Lines without a usable time, or past the item's cap, are counted, not lost.
          const sent = Array.isArray(payload?.items) ? payload.items.length : 0;
          unusable.logs += Math.max(0, sent - parsed.length);
        }
        continue;
      }
      if (handler.handling === 'feedback') {
        const path = ['items', index];
        const payload = parseJsonObject(item.payload.toString('utf8'));
        const parsed = payload ? handler.parse(payload, path, header.event_id) : [{ path, message: 'Item payload must be a JSON object' }];
        if (Array.isArray(parsed)) invalidFeedback.push(parsed[0]);
        else feedback.push(parsed);
        continue;
      }
      if (handler.handling === 'outcomes') {
        const payload = parseJsonObject(item.payload.toString('utf8'));
        if (payload) discards.push(...handler.read(payload));
        continue;
      }
      if (handler.handling === 'not_stored') {
        unsupported.push(handler.category);
        continue;
      }
      if (handler.handling === 'sessions') {
        const path = ['items', index];
        const payload = parseJsonObject(item.payload.toString('utf8'));
        const parsed = payload ? handler.parse(payload, path) : [{ path, message: 'Item payload must be a JSON object' }];
        if (parsed.length > 0 && 'message' in parsed[0]) invalidSessions.push((parsed as FieldIssue[])[0]);
        else sessions.push(...(parsed as SessionItem[]));
        continue;
      }
      if (handler.handling === 'check_ins') {
        const path = ['items', index];
        const payload = parseJsonObject(item.payload.toString('utf8'));
        const parsed = payload ? handler.parse(payload, path) : [{ path, message: 'Item payload must be a JSON object' }];
        if (Array.isArray(parsed)) invalidCheckIns.push(parsed[0]);
        else checkIns.push(parsed);
        continue;
      }
      const r = unitsOf(() => handler, item.payload.toString('utf8'), ['items', index], header.event_id);
      if (Array.isArray(r)) {
        invalidUnits.push({ category: handler.category, issues: r });
        continue;
      }
      units.push(...r.units);
      if (type === 'event') eventId ??= hex32(r.payload.event_id);
      if (type === 'transaction' || type === 'span') {
        // Every span sent is stored or counted: those without ids or times, or past the caps, as unusable.
        const trace = r.payload.contexts && typeof r.payload.contexts === 'object' ? (r.payload.contexts as JsonObject).trace : undefined;
        const sent =
          type === 'transaction' ? (trace ? 1 : 0) + (Array.isArray(r.payload.spans) ? r.payload.spans.length : 0) : (spansOf(r.payload)?.spans.length ?? 0);
        const found = spans.length < MAX_SPANS_PER_ENVELOPE ? (type === 'transaction' ? spansOfTransaction(r.payload) : spansOfV2(spansOf(r.payload)?.spans ?? [])) : [];
        const room = Math.max(0, MAX_SPANS_PER_ENVELOPE - spans.length);
        spans.push(...found.slice(0, room));
        unusable.spans += Math.max(0, sent - Math.min(found.length, room));
      }
    } catch {
      failed.push(handler.category);
    }
  }
  // Nothing but refused events and transactions (and their attachments): the envelope's answer says why.
  if (invalidUnits.length > 0 && invalidUnits.length + attachmentItems.length === items.length) {
    return { ok: false, issues: invalidUnits.flatMap((u) => u.issues), category: invalidUnits[0].category };
  }
  // Attachments belong to the envelope's event: its header's event_id, else the event item's own.
  for (const { item, index } of attachmentItems) {
    const a = parseAttachment(item.header, item.payload, ['items', index], header.event_id ?? eventId);
    if ('reason' in a) refusedAttachments.push(a);
    else attachments.push(a);
  }
  return {
    ok: true,
    units,
    eventId,
    envelopeHeader: header,
    unsupported,
    discards,
    sessions,
    invalidSessions,
    checkIns,
    invalidCheckIns,
    feedback,
    invalidFeedback,
    attachments,
    refusedAttachments,
    otherBytes,
    spans,
    logs,
    invalidLogs,
    unusable,
    invalidUnits,
    failed,
  };
}

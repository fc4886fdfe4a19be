// Every Sentry envelope item type, in one table the envelope reader (lib/ingest/protocols/sentry/prepare-items.ts) dispatches on:
// what it counts as in the outcomes, and how it is handled: mapped into units that ingest stores (each unit kind
// has its validation, scrubbing and batch writer: lib/ingest), read for its outcomes, or counted as not stored.
// A new item type is one entry here plus its module.
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import type { Category } from '@/lib/outcomes/categories';
import { discardsOf, type ClientDiscard } from '@/lib/outcomes/client-report';
import { errorEnvelopeFromSentry, transactionEnvelopeFromSentry } from '@/lib/envelope/sentry/map-event';
import { spansOf, transactionsFromSpans } from '@/lib/envelope/sentry/map-spans';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { parseSession, parseSessions, type SessionItem } from '@/lib/ingest/items/sessions/parse-sessions';
import { parseCheckIn, type CheckIn } from '@/lib/ingest/items/check-ins/parse-checkin';
import { parseFeedback, parseUserReport, type FeedbackItem } from '@/lib/ingest/items/feedback/parse-feedback';
import { parseLogs, type LogRow } from '@/lib/ingest/items/logs/parse-logs';

/** One unit of our envelope format mapped from an item, not yet validated. */
export type Mapped = { path: Path; json: JsonObject; stackless?: boolean; message?: boolean };

export type ItemType =
  | { category: Category; handling: 'stored'; map: (payload: JsonObject, path: Path, headerEventId: unknown) => Mapped[] | FieldIssue }
  /** Release health (lib/sessions): its own writer; a bad item is counted invalid and the envelope's others kept. */
  | { category: Category; handling: 'sessions'; parse: (payload: JsonObject, path: Path) => SessionItem[] | FieldIssue[] }
  /** Cron monitors (lib/monitors): each check-in applied to its monitor; a bad one counted invalid, the rest kept. */
  | { category: Category; handling: 'check_ins'; parse: (payload: JsonObject, path: Path) => CheckIn | FieldIssue[] }
  /** User feedback (lib/feedback): stored per project; a bad item counted invalid, the rest kept. */
  | { category: Category; handling: 'feedback'; parse: (payload: JsonObject, path: Path, headerEventId: unknown) => FeedbackItem | FieldIssue[] }
  /** Logs (lib/logs): stored per project; a bad item counted invalid, the rest kept. */
  | { category: Category; handling: 'logs'; parse: (payload: JsonObject, path: Path) => LogRow[] | FieldIssue[] }
  /** Files sent with an event (lib/attachments): binary payloads, capped per item and per event. */
  | { category: Category; handling: 'attachment' }
  | { category: Category; handling: 'outcomes'; read: (payload: JsonObject) => ClientDiscard[] }
  | { category: Category; handling: 'not_stored' };

const errorEvent = (payload: JsonObject, path: Path, headerEventId: unknown): Mapped[] => {
  const m = errorEnvelopeFromSentry(payload, headerEventId);
  return [{ path, json: m.json, stackless: m.stackless, message: m.message }];
};
const transaction = (payload: JsonObject, path: Path): Mapped[] => [{ path, json: transactionEnvelopeFromSentry(payload) }];
const notStored = (category: Category): ItemType => ({ category, handling: 'not_stored' });

export const ITEM_TYPES: Record<string, ItemType> = {
  event: { category: 'error', handling: 'stored', map: errorEvent },
  transaction: { category: 'transaction', handling: 'stored', map: transaction },
  // Span v2 containers: their segment spans become transactions.
  span: {
    category: 'span',
    handling: 'stored',
    map(payload, path) {
      const found = spansOf(payload);
      if (!found) return { path, message: 'Span item must be { version: 2, items: [...] } or a span object' };
      return transactionsFromSpans(found.spans).map((t) => ({ path: found.nested ? [...path, 'items', t.index] : path, json: t.envelope }));
    },
  },
  client_report: { category: 'unknown', handling: 'outcomes', read: discardsOf },
  session: { category: 'session', handling: 'sessions', parse: parseSession },
  sessions: { category: 'session', handling: 'sessions', parse: parseSessions },
  attachment: { category: 'attachment', handling: 'attachment' },
  check_in: { category: 'monitor', handling: 'check_ins', parse: parseCheckIn },
  feedback: { category: 'feedback', handling: 'feedback', parse: parseFeedback },
  user_report: { category: 'feedback', handling: 'feedback', parse: (payload, path) => parseUserReport(payload, path) },
  log: { category: 'log_item', handling: 'logs', parse: parseLogs },
  otel_log: notStored('log_item'),
  profile: notStored('profile'),
  profile_chunk: notStored('profile'),
  replay_event: notStored('replay'),
  replay_recording: notStored('replay'),
  replay_video: notStored('replay'),
  statsd: notStored('metric'),
  metric_buckets: notStored('metric'),
  metric_meta: notStored('metric'),
};

/** The `/store/` endpoint's one body: a transaction when it says so, else an error event. */
export function storeBodyType(payload: JsonObject): ItemType {
  return payload.type === 'transaction' ? ITEM_TYPES.transaction : ITEM_TYPES.event;
}

/** An item type we do not know: counted as `unknown`, not stored. */
export const UNKNOWN_ITEM_TYPE: ItemType = notStored('unknown');

export function itemTypeOf(type: string): ItemType {
  return Object.hasOwn(ITEM_TYPES, type) ? ITEM_TYPES[type] : UNKNOWN_ITEM_TYPE;
}

/** For the start log: which item types are stored, read, and only counted. */
export function ingestStatusLine(): string {
  const by = (h: ItemType['handling']) => Object.keys(ITEM_TYPES).filter((t) => ITEM_TYPES[t].handling === h);
  return `ingest: stores ${[...by('stored'), ...by('sessions'), ...by('check_ins'), ...by('feedback'), ...by('attachment'), ...by('logs')].join(', ')} items; reads ${by('outcomes').join(', ')}; counts (Stats page) but does not store yet: ${by('not_stored').join(', ')} and unknown types`;
}

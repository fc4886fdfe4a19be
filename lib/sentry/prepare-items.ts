import type { FieldIssue } from '@/lib/errors';
import { MAX_JSON_DEPTH, tooDeepKey } from '@/lib/ingest/prepare-json';
import { validateUnit, type IngestUnit, type Path } from '@/lib/ingest/validate-envelope';
import { errorEnvelopeFromSentry, eventIdOf, transactionEnvelopeFromSentry } from './map-event';
import { spansOf, transactionsFromSpans } from './map-spans';
import { categoryOfItem, type Category } from '@/lib/outcomes/categories';
import { discardsOf, type ClientDiscard } from '@/lib/outcomes/client-report';
import { parseEnvelope, parseJsonObject, type JsonObject } from './parse-envelope';

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
    }
  | { ok: false; issues: FieldIssue[]; category: Category };

// Item types that carry nothing we store (sessions, attachments, profiles, replays, check-ins, logs,
// metrics…) are accepted, skipped and counted; client reports are read for the outcomes.
const INGESTED = new Set(['event', 'transaction', 'span']);
const CLIENT_REPORT = 'client_report';
const NOT_STORED_YET = ['session', 'sessions', 'attachment', 'check_in', 'feedback', 'user_report', 'log', 'profile', 'replay_event', 'replay_recording', 'statsd'];

/** For the start log: which Sentry envelope item types are stored, and which are only counted. */
export function ingestStatusLine(): string {
  return `ingest: stores ${[...INGESTED].join(', ')} items; reads client_report; counts (Stats page) but does not store yet: ${NOT_STORED_YET.join(', ')} and unknown types`;
}

const hex32 = (v: unknown) => {
  const id = eventIdOf(v);
  return typeof id === 'string' && /^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : undefined;
};

type Mapped = { path: Path; json: JsonObject; stackless?: boolean; message?: boolean };

function mapItem(type: string, payload: JsonObject, path: Path, headerEventId: unknown): Mapped[] | FieldIssue {
  if (type === 'transaction' || (type === 'store' && payload.type === 'transaction')) return [{ path, json: transactionEnvelopeFromSentry(payload) }];
  if (type === 'event' || type === 'store') {
    const m = errorEnvelopeFromSentry(payload, headerEventId);
    return [{ path, json: m.json, stackless: m.stackless, message: m.message }];
  }
  const found = spansOf(payload);
  if (!found) return { path, message: 'Span item must be { version: 2, items: [...] } or a span object' };
  return transactionsFromSpans(found.spans).map((t) => ({ path: found.nested ? [...path, 'items', t.index] : path, json: t.envelope }));
}

/** Depth check (before any recursion over the payload), mapping, and the one validation of each unit. */
function unitsOf(type: string, text: string, path: Path, headerEventId: unknown): { units: IngestUnit[]; payload: JsonObject } | FieldIssue[] {
  const payload = parseJsonObject(text);
  if (!payload) return [{ path, message: type === 'store' ? 'Body must be one JSON event object' : 'Item payload must be a JSON object' }];
  const deep = tooDeepKey(payload);
  if (deep !== null) return [{ path: [...path, deep], message: `Nested more than ${MAX_JSON_DEPTH} levels deep` }];
  const mapped = mapItem(type, payload, path, headerEventId);
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
 * envelope format, validating each once, all of them before anything is stored. Never throws on any input.
 */
export function prepareItems(endpoint: SentryEndpoint, body: Buffer): PreparedItems {
  if (endpoint === 'store') {
    const text = body.toString('utf8');
    const r = unitsOf('store', text, [], undefined);
    if (Array.isArray(r)) return { ok: false, issues: r, category: /"type"\s*:\s*"transaction"/.test(text) ? 'transaction' : 'error' };
    return { ok: true, units: r.units, eventId: hex32(r.payload.event_id), envelopeHeader: {}, unsupported: [], discards: [] };
  }

  const parsed = parseEnvelope(body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue], category: 'unknown' };
  const { header, items } = parsed.envelope;
  const units: IngestUnit[] = [];
  const unsupported: Category[] = [];
  const discards: ClientDiscard[] = [];
  let eventId = hex32(header.event_id);
  for (const [index, item] of items.entries()) {
    const type = String(item.header.type);
    if (type === CLIENT_REPORT) {
      const report = parseJsonObject(item.payload.toString('utf8'));
      if (report) discards.push(...discardsOf(report));
      continue;
    }
    if (!INGESTED.has(type)) {
      unsupported.push(categoryOfItem(type));
      continue;
    }
    const r = unitsOf(type, item.payload.toString('utf8'), ['items', index], header.event_id);
    if (Array.isArray(r)) return { ok: false, issues: r, category: categoryOfItem(type) };
    units.push(...r.units);
    if (type === 'event') eventId ??= hex32(r.payload.event_id);
  }
  return { ok: true, units, eventId, envelopeHeader: header, unsupported, discards };
}

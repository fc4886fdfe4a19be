import type { z } from 'zod';
import { issuesFromZod, type FieldIssue } from '@/lib/errors';
import { storableEnvelope } from '@/lib/ingest/prepare-json';
import { errorEnvelopeSchema, transactionEnvelopeSchema } from '@/lib/ingest/schemas';
import { errorEnvelopeFromSentry, eventIdOf, transactionEnvelopeFromSentry } from './map-event';
import { spansOf, transactionsFromSpans } from './map-spans';
import { parseEnvelope, parseJsonObject, type JsonObject } from './parse-envelope';

export type SentryEndpoint = 'envelope' | 'store';

/** One envelope of our format, validated, ready for ingestEnvelopeJson. */
export type IngestUnit = { path: (string | number)[]; json: JsonObject; hadEscapes: boolean };

export type PreparedItems =
  | { ok: true; units: IngestUnit[]; eventId: string | undefined; envelopeHeader: JsonObject }
  | { ok: false; issues: FieldIssue[] };

// Item types that carry nothing we store (sessions, client reports, attachments, profiles, replays,
// check-ins, logs, metrics…) are accepted and skipped, as are types we do not know.
const INGESTED = new Set(['event', 'transaction', 'span']);

const prefixed = (path: (string | number)[], issues: FieldIssue[]) => issues.map((i) => ({ path: [...path, ...i.path], message: i.message }));

function validate(schema: z.ZodType, unit: IngestUnit): FieldIssue[] {
  const parsed = schema.safeParse(unit.json);
  if (!parsed.success) return prefixed(unit.path, issuesFromZod(parsed.error));
  const storable = storableEnvelope(parsed.data, unit.hadEscapes);
  return storable.ok ? [] : prefixed(unit.path, [storable.issue]);
}

const schemaFor = (json: JsonObject) => (json.type === 'transaction' ? transactionEnvelopeSchema : errorEnvelopeSchema);
const hex32 = (v: unknown) => {
  const id = eventIdOf(v);
  return typeof id === 'string' && /^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : undefined;
};

function unitsOfItem(type: string, payload: JsonObject, path: (string | number)[], hadEscapes: boolean, headerEventId: unknown): IngestUnit[] | FieldIssue[] {
  if (type === 'transaction') return [{ path, json: transactionEnvelopeFromSentry(payload), hadEscapes }];
  if (type === 'event') return [{ path, json: errorEnvelopeFromSentry(payload, headerEventId), hadEscapes }];
  const found = spansOf(payload);
  if (!found) return [{ path, message: 'Span item must be { version: 2, items: [...] } or a span object' }];
  return transactionsFromSpans(found.spans).map((t) => ({ path: found.nested ? [...path, 'items', t.index] : path, json: t.envelope, hadEscapes }));
}

/**
 * Parses a Sentry envelope (or, for /store/, one bare event) and maps every ingestible item into our
 * envelope format, validating all of them before anything is stored. Never throws on any input.
 */
export function prepareItems(endpoint: SentryEndpoint, body: Buffer): PreparedItems {
  if (endpoint === 'store') {
    const text = body.toString('utf8');
    const event = parseJsonObject(text);
    if (!event) return { ok: false, issues: [{ path: [], message: 'Body must be one JSON event object' }] };
    const unit: IngestUnit = {
      path: [],
      json: event.type === 'transaction' ? transactionEnvelopeFromSentry(event) : errorEnvelopeFromSentry(event),
      hadEscapes: text.includes('\\u'),
    };
    const issues = validate(schemaFor(unit.json), unit);
    return issues.length > 0 ? { ok: false, issues } : { ok: true, units: [unit], eventId: hex32(event.event_id), envelopeHeader: {} };
  }

  const parsed = parseEnvelope(body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const { header, items } = parsed.envelope;
  const units: IngestUnit[] = [];
  let eventId = hex32(header.event_id);
  for (const [index, item] of items.entries()) {
    const type = item.header.type as string;
    if (!INGESTED.has(type)) continue;
    const path = ['items', index];
    const text = item.payload.toString('utf8');
    const payload = parseJsonObject(text);
    if (!payload) return { ok: false, issues: [{ path, message: 'Item payload must be a JSON object' }] };
    const found = unitsOfItem(type, payload, path, text.includes('\\u'), header.event_id);
    if (found.length > 0 && !('json' in found[0])) return { ok: false, issues: found as FieldIssue[] };
    for (const unit of found as IngestUnit[]) {
      const issues = validate(schemaFor(unit.json), unit);
      if (issues.length > 0) return { ok: false, issues };
      units.push(unit);
    }
    if (type === 'event') eventId ??= hex32(payload.event_id);
  }
  return { ok: true, units, eventId, envelopeHeader: header };
}

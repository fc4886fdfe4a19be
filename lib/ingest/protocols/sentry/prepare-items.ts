// Reading a Sentry envelope (or, for /store/, one bare event) into a batch for storeItems (lib/ingest/items): every
// item goes to the kinds that read its type (lib/ingest/items/registry.ts), in the order they run, each parse once and
// all of them before anything is stored. Each item stands alone: one that a kind refuses is counted with why and its
// siblings are kept; an item a kind refuses is read by no kind that runs after it (a transaction's spans go with it).
// Only an envelope holding nothing but refused events and transactions (and their attachments) is refused whole.
import type { FieldIssue } from '@/lib/errors';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';
import { parseEnvelope, parseJsonObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import type { Category } from '@/lib/outcomes/categories';
import { discardsOf, type ClientDiscard } from '@/lib/outcomes/client-report';
import { events, hex32, unitsOfStoreBody } from '@/lib/ingest/items/events';
import { PROCESSING_ERROR, type Parsed } from '@/lib/ingest/items/kind';
import { isFileType, ITEM_KINDS, kindsOf } from '@/lib/ingest/items/registry';
import { addParsed, batchOf, emptyBatch, rowsOf, type Batch } from '@/lib/ingest/items/store-items';
import { CLIENT_REPORT, notStoredCategory } from './item-types';

/** The Sentry endpoints: envelopes, the older single-event store, and browser security reports (./prepare-security.ts). */
export type SentryEndpoint = 'envelope' | 'store' | 'security';

export type PreparedItems =
  | {
      ok: true;
      batch: Batch;
      /** The events kind's rows: the envelope's events and transactions. */
      units: IngestUnit[];
      eventId: string | undefined;
      envelopeHeader: JsonObject;
      /** The category of each item no kind stores (yet): accepted, skipped, and counted as `unsupported`. */
      unsupported: Category[];
      /** What the SDK said it dropped (`client_report` items). */
      discards: ClientDiscard[];
      /** Bytes of everything but attachments: each of those items together stays under 1 MiB, as a bare event does. */
      otherBytes: number;
      /** An error event was refused while reading and no other was kept: its attachments go with it. */
      eventRefused: boolean;
    }
  /** Refused whole; `quantity` items counted as invalid (one unless said). */
  | { ok: false; issues: FieldIssue[]; category: Category; quantity?: number };

/** Parses a Sentry envelope or a /store/ body into what storeItems takes. Never throws on any input. */
export function prepareItems(endpoint: Exclude<SentryEndpoint, 'security'>, body: Buffer): PreparedItems {
  if (endpoint === 'store') {
    const r = unitsOfStoreBody(body);
    if (Array.isArray(r))
      return {
        ok: false,
        issues: r,
        category: /"type"\s*:\s*"transaction"/.test(body.toString('utf8')) ? 'transaction' : 'error',
      };
    return {
      ok: true,
      batch: batchOf(events, r.units),
      units: r.units,
      eventId: r.eventId,
      envelopeHeader: {},
      unsupported: [],
      discards: [],
      otherBytes: body.length,
      eventRefused: false,
    };
  }

  const parsed = parseEnvelope(body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue], category: 'unknown' };
  const { header, items } = parsed.envelope;
  const types = items.map((item) => String(item.header.type));
  const unsupported: Category[] = [];
  const discards: ClientDiscard[] = [];
  let otherBytes = 0;
  for (const [index, item] of items.entries()) {
    if (!isFileType(types[index])) otherBytes += item.payload.length;
    if (types[index] === CLIENT_REPORT) {
      const payload = parseJsonObject(item.payload.toString('utf8'));
      if (payload) discards.push(...discardsOf(payload));
    } else if (kindsOf(types[index]).length === 0) unsupported.push(notStoredCategory(types[index]));
  }

  // Each payload is parsed as JSON once, for every kind that reads it.
  const json = new Map<number, JsonObject | null>();
  const jsonOf = (index: number) => {
    if (!json.has(index)) json.set(index, parseJsonObject(items[index].payload.toString('utf8')));
    return json.get(index) ?? null;
  };
  let eventId = hex32(header.event_id);
  const batch = emptyBatch();
  // Which kinds refused each item: a kind does not read an item a kind it runs after refused (a refused transaction's
  // spans go with it).
  const refusedBy = new Map<number, Set<string>>();
  for (const kind of ITEM_KINDS) {
    for (const [index, item] of items.entries()) {
      const category = Object.hasOwn(kind.itemTypes, types[index]) ? kind.itemTypes[types[index]] : undefined;
      if (!category || kind.after?.some((a) => refusedBy.get(index)?.has(a))) continue;
      const ctx = {
        path: ['items', index],
        json: () => jsonOf(index),
        headerEventId: header.event_id,
        sentAt: header.sent_at,
        envelopeEventId: () => header.event_id ?? eventId,
      };
      let r: Parsed<unknown>;
      try {
        r = kind.parse(item, types[index], ctx);
      } catch {
        r = { items: [], refused: [PROCESSING_ERROR] };
      }
      if (r.items.length === 0 && (r.invalid?.length || r.refused?.length))
        refusedBy.set(index, (refusedBy.get(index) ?? new Set()).add(kind.name));
      if (r.eventId) eventId ??= r.eventId;
      addParsed(batch, { kind, category, parsed: r });
    }
  }
  // Nothing but refused events and transactions (and their attachments): the envelope's answer says why.
  const refusedEvents = [...refusedBy].filter(([, by]) => by.has(events.name)).map(([index]) => index);
  const eventIssues = batch.issues.get(events) ?? [];
  if (
    eventIssues.length > 0 &&
    refusedEvents.length + types.filter((t) => t === 'attachment').length === items.length
  ) {
    return { ok: false, issues: eventIssues, category: events.itemTypes[types[refusedEvents[0]]] };
  }
  const units = rowsOf(batch, events);
  const eventRefused = batch.refused.some((r) => r.category === 'error') && !units.some((u) => u.kind === 'error');
  return { ok: true, batch, units, eventId, envelopeHeader: header, unsupported, discards, otherBytes, eventRefused };
}

// What every kind of data ingest stores is (#44): one ItemKind per folder under lib/ingest/items, listed once in
// ./registry.ts. A protocol reads an envelope's items through the kinds that claim their types and hands what they
// parsed to storeItems (./store-items.ts), which counts what was refused, scrubs what is kept by the kind's
// declaration and stores it. A new kind is one folder and one registry line; no protocol file changes.
import type { FieldIssue } from '@/lib/errors';
import type { EnvelopeItem, JsonObject } from '@/lib/envelope/parse-envelope';
import type { Path } from '@/lib/envelope/validate-envelope';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import type { ItemFields } from '@/lib/ingest/enrich/scrubbing/item-fields';
import { scrubItem } from '@/lib/ingest/enrich/scrubbing/scrub-item';
import type { Category, Outcome } from '@/lib/outcomes/categories';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import type { IngestOutcome } from './outcome';

/** The reason an item is counted invalid when reading or storing it failed unexpectedly (the error is logged). */
export const PROCESSING_ERROR = 'processing_error';

/** What one item's payload gave a kind. */
export type Parsed<T> = {
  items: T[];
  /** The item, or part of it, refused as invalid with why (counted as `validation: <field>`). */
  invalid?: FieldIssue[];
  /** Refused with a reason of the kind's own (an attachment `too_large`, `missing_event_id`…). */
  refused?: string[];
  /** Entries sent but unusable (no ids or times) or past the caps, counted as `unusable_or_over_cap`. */
  unusable?: number;
  /** The event id an error event item carries (its attachments belong to it). */
  eventId?: string;
};

export type ParseContext = {
  /** Where the item stands in its envelope (`['items', 2]`), for the paths of what is refused. */
  path: Path;
  /** The item's payload as a JSON object, parsed once for every kind that reads it; null when it is not one. */
  json: () => JsonObject | null;
  /** The envelope header's event_id, as sent. */
  headerEventId: unknown;
  /** The envelope header's sent_at, as sent (a check-in's only time of its own). */
  sentAt?: unknown;
  /** The envelope's event: its header's event_id, else the event item's (known once events were read). */
  envelopeEventId: () => unknown;
};

/** Items of one category counted with one outcome and reason (what recordOutcome takes). */
export type OutcomeCount = Parameters<typeof recordOutcome>[0];
/** Counts items on the Stats page. */
export type CountOutcome = (count: OutcomeCount) => void;
/** Items of a request that were not stored, with why: what a protocol names in its answer (OTLP's partialSuccess). */
export type Refusal = { category: Category; outcome: Exclude<Outcome, 'accepted'>; reason: string; quantity: number };

export type StoreContext = {
  /** The sender's address (for `user.ip_address: "{{auto}}"`). */
  clientAddress?: string;
  /** Rate-limit tokens taken before the body was read. */
  tokensTaken?: number;
  /** What happened to the envelope's events and transactions: set by the events kind, which is stored first. */
  outcome: IngestOutcome;
  /** An error event of the envelope was refused as invalid (its attachments go with it). */
  eventRefused: boolean;
  /**
   * How a kind counts what it stored or refused, item by item: on the Stats page, and, when not accepted, in
   * `refused` for the request's answer. A kind (and the writer it calls) counts through this, never recordOutcome.
   */
  count: CountOutcome;
  /** What the request's kinds refused, in the order counted. */
  refused: Refusal[];
};

export type ItemKind<T = unknown> = {
  name: string;
  /** The Sentry item types the kind reads, each with the outcome category its items are counted under. */
  itemTypes: Readonly<Record<string, Category>>;
  /** Which fields hold free text and which key/value maps: what the one scrubber reads before store. */
  fields: ItemFields;
  /** Item types whose payloads are files (attachments, replay recordings): they may use the large-envelope allowance. */
  fileTypes?: readonly string[];
  /** A failure storing it fails the request (a 500 the SDK retries whole); any other kind's is counted, its siblings kept. */
  failsRequest?: boolean;
  /** One item's payload into the kind's rows. Never throws on input; what it refuses it says. */
  parse(item: EnvelopeItem, type: string, ctx: ParseContext): Parsed<T>;
  /** Stores rows already scrubbed, counting each as accepted or with why it was not. */
  store(key: IngestKey, items: T[], ctx: StoreContext): Promise<void>;
};

/** A kind whose store scrubs first, so no caller can store a row the scrubber has not read. */
export function defineKind<T extends object>(spec: ItemKind<T>): ItemKind<T> {
  return {
    ...spec,
    async store(key, items, ctx) {
      if (items.length === 0) return;
      for (const item of items) scrubItem(item, spec.fields, key.scrub);
      await spec.store(key, items, ctx);
    },
  };
}

/** What a store starts from: no events stored yet, none refused. */
export function newStoreContext(opts: { clientAddress?: string; tokensTaken?: number } = {}): StoreContext {
  const refused: Refusal[] = [];
  const count: CountOutcome = (c) => {
    recordOutcome(c);
    const quantity = c.quantity ?? 1;
    if (c.outcome !== 'accepted' && quantity > 0)
      refused.push({ category: c.category, outcome: c.outcome, reason: c.reason ?? '', quantity });
  };
  return { ...opts, outcome: { kind: 'stored', count: 0 }, eventRefused: false, count, refused };
}

/** A payload that must be one JSON object: the object, or the refusal that names the item. */
export function jsonOrRefusal(ctx: ParseContext): JsonObject | FieldIssue[] {
  return ctx.json() ?? [{ path: ctx.path, message: 'Item payload must be a JSON object' }];
}

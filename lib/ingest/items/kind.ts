// What every kind of data ingest stores is (#44, #59): one ItemKind per folder under lib/ingest/items, listed once in
// ./registry.ts. A protocol reads an envelope's items through the kinds that claim their types and hands what they
// parsed to storeItems (./store-items.ts), which counts what was refused, scrubs what is kept by the kind's
// declaration and stores it. A new kind is one folder and one registry line; no protocol file changes. No kind is
// special to the contract: the order kinds run in is data (`after`), and which kind's outcome answers the request
// is data (`answers`).
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
  /**
   * What a kind this one runs after did with its part of the request (the events kind: the envelope's events and
   * transactions, whose fate their spans and attachments share). Only kinds named in `after` may be asked.
   */
  outcomeOf: (kind: AnyKind) => IngestOutcome;
  /** An error event of the envelope was refused as invalid while it was read (its attachments go with it). */
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
  /**
   * The kinds this one runs after, by name: it reads their items' fate (ctx.outcomeOf), and an item they refused is
   * not read by it. storeItems and the protocols run kinds in this order, whatever the registry's.
   */
  after?: readonly string[];
  /** Its outcome is the request's answer (an envelope answers for its events). At most one kind answers. */
  answers?: boolean;
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
  /** Stores rows already scrubbed, counting each as accepted or with why it was not; may say what became of them. */
  store(key: IngestKey, items: T[], ctx: StoreContext): Promise<IngestOutcome | void>;
};

/**
 * A kind of whatever row type, as the registry, a batch and a protocol hold it. Each kind's rows only ever go back
 * to its own store (a batch keys them by their kind), so holding kinds of several row types in one list is sound;
 * the methods' parameter bivariance is what lets every ItemKind<T> be one.
 */
export type AnyKind = ItemKind<unknown>;

/** A kind whose store scrubs first, so no caller can store a row the scrubber has not read. */
export function defineKind<T extends object>(spec: ItemKind<T>): ItemKind<T> {
  return {
    ...spec,
    async store(key, items, ctx) {
      if (items.length === 0) return;
      for (const item of items) scrubItem(item, spec.fields, key.scrub);
      return spec.store(key, items, ctx);
    },
  };
}

/** Nothing of the kind was in the request (or it stored all of it without saying more). */
export const NOTHING_REFUSED: IngestOutcome = { kind: 'stored', count: 0 };

/** What a store starts from: no kind has run (each kind's outcome reads as nothing refused), none refused. */
export function newStoreContext(opts: { clientAddress?: string; tokensTaken?: number } = {}): StoreContext {
  const refused: Refusal[] = [];
  const count: CountOutcome = (c) => {
    recordOutcome(c);
    const quantity = c.quantity ?? 1;
    if (c.outcome !== 'accepted' && quantity > 0)
      refused.push({ category: c.category, outcome: c.outcome, reason: c.reason ?? '', quantity });
  };
  return { ...opts, outcomeOf: () => NOTHING_REFUSED, eventRefused: false, count, refused };
}

/** A payload that must be one JSON object: the object, or the refusal that names the item. */
export function jsonOrRefusal(ctx: ParseContext): JsonObject | FieldIssue[] {
  return ctx.json() ?? [{ path: ctx.path, message: 'Item payload must be a JSON object' }];
}

// What a protocol hands on once it has read a request (#44): the rows each kind parsed, and everything refused on the
// way. storeItems is the one place that counts the refusals and stores the kinds in registry order: the events first
// (a failure there fails the request, which the SDK retries whole), every other kind on its own, so that one that
// fails is logged and counted while its siblings are kept.
import type { FieldIssue } from '@/lib/errors';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { logger } from '@/lib/log';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';
import { events, type IngestOutcome } from './events';
import { newStoreContext, PROCESSING_ERROR, type ItemKind, type Parsed, type Refusal } from './kind';
import { ITEM_KINDS } from './registry';

export type Batch = {
  rows: Map<ItemKind, unknown[]>;
  /** Refused while reading, with the category and why: counted as invalid by storeItems. */
  refused: { category: Category; reason: string; quantity: number }[];
  /** The field issues of what each kind refused (the answer when an envelope held nothing else). */
  issues: Map<ItemKind, FieldIssue[]>;
};

export function emptyBatch(): Batch {
  return { rows: new Map(), refused: [], issues: new Map() };
}

/** A batch of one kind's rows (a protocol that reads one kind). */
export function batchOf<T>(kind: ItemKind<T>, rows: T[]): Batch {
  const batch = emptyBatch();
  if (rows.length > 0) batch.rows.set(kind as ItemKind, rows);
  return batch;
}

/** The list `map` holds for `kind`, made on first use. */
function listOf<V>(map: Map<ItemKind, V[]>, kind: ItemKind): V[] {
  let list = map.get(kind);
  if (!list) map.set(kind, (list = []));
  return list;
}

/** Adds what `kind` parsed of one item, its items counted under `category`. */
export function addParsed(
  batch: Batch,
  { kind, category, parsed }: { kind: ItemKind; category: Category; parsed: Parsed<unknown> },
): void {
  if (parsed.items.length > 0) listOf(batch.rows, kind).push(...parsed.items);
  for (const issue of parsed.invalid ?? []) {
    batch.refused.push({ category, reason: validationReason(issue.path), quantity: 1 });
    listOf(batch.issues, kind).push(issue);
  }
  for (const reason of parsed.refused ?? []) batch.refused.push({ category, reason, quantity: 1 });
  if (parsed.unusable) batch.refused.push({ category, reason: 'unusable_or_over_cap', quantity: parsed.unusable });
}

/** What happened to a request's items: its events' outcome (the answer), and every item refused, in order. */
export type Stored = { outcome: IngestOutcome; refused: Refusal[] };

/** Counts the refusals of `batch`, then stores its kinds in registry order; answers what happened to its items. */
export async function storeItems(
  key: IngestKey,
  batch: Batch,
  opts: { clientAddress?: string; tokensTaken?: number } = {},
): Promise<Stored> {
  const ctx = newStoreContext(opts);
  for (const r of batch.refused)
    ctx.count({
      projectId: key.projectId,
      category: r.category,
      outcome: 'invalid',
      reason: r.reason,
      quantity: r.quantity,
    });
  // An error event refused as invalid takes its attachments with it (unless another error event was kept).
  ctx.eventRefused =
    batch.refused.some((r) => r.category === 'error') &&
    !(batch.rows.get(events as ItemKind) ?? []).some((u) => (u as IngestUnit).kind === 'error');
  for (const kind of ITEM_KINDS) {
    const rows = batch.rows.get(kind) ?? [];
    if (rows.length === 0) continue;
    if (kind.failsRequest) {
      await kind.store(key, rows, ctx);
      continue;
    }
    try {
      await kind.store(key, rows, ctx);
    } catch (err) {
      const category = Object.values(kind.itemTypes)[0];
      logger.error(
        { err, kind: kind.name, projectId: key.projectId },
        'storing an item kind failed; its siblings are kept',
      );
      ctx.count({
        projectId: key.projectId,
        category,
        outcome: 'invalid',
        reason: PROCESSING_ERROR,
        quantity: rows.length,
      });
    }
  }
  return { outcome: ctx.outcome, refused: ctx.refused };
}

// What a protocol hands on once it has read a request (#44): the rows each kind parsed, and everything refused on the
// way. storeItems is the one place that counts the refusals and stores the kinds in the order they run (registry.ts):
// a kind whose failure fails the request first (the SDK retries the whole request), every other kind on its own, so
// that one that fails is logged and counted while its siblings are kept.
import type { FieldIssue } from '@/lib/errors';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { logger } from '@/lib/log';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import {
  newStoreContext,
  NOTHING_REFUSED,
  PROCESSING_ERROR,
  type AnyKind,
  type ItemKind,
  type Parsed,
  type Refusal,
} from './kind';
import type { IngestOutcome } from './outcome';
import { ANSWERING_KIND, ITEM_KINDS } from './registry';

export type Batch = {
  rows: Map<AnyKind, unknown[]>;
  /**
   * Refused while reading, with the category and why: counted as invalid by storeItems, unless the protocol names
   * another outcome (OTLP's summaries are unsupported, its points without a value filtered).
   */
  refused: { category: Category; reason: string; quantity: number; outcome?: 'invalid' | 'unsupported' | 'filtered' }[];
  /** The field issues of what each kind refused (the answer when an envelope held nothing else). */
  issues: Map<AnyKind, FieldIssue[]>;
};

export function emptyBatch(): Batch {
  return { rows: new Map(), refused: [], issues: new Map() };
}

/** A batch of one kind's rows (a protocol that reads one kind). */
export function batchOf<T>(kind: ItemKind<T>, rows: T[]): Batch {
  const batch = emptyBatch();
  if (rows.length > 0) batch.rows.set(kind, rows);
  return batch;
}

/** The rows of `kind` in `batch`: what the kind's own parse made (a batch keys rows by their kind). */
export function rowsOf<T>(batch: Batch, kind: ItemKind<T>): T[] {
  return (batch.rows.get(kind) ?? []) as T[];
}

/** The list `map` holds for `kind`, made on first use. */
function listOf<V>(map: Map<AnyKind, V[]>, kind: AnyKind): V[] {
  let list = map.get(kind);
  if (!list) map.set(kind, (list = []));
  return list;
}

/** Adds what `kind` parsed of one item, its items counted under `category`. */
export function addParsed(
  batch: Batch,
  { kind, category, parsed }: { kind: AnyKind; category: Category; parsed: Parsed<unknown> },
): void {
  if (parsed.items.length > 0) listOf(batch.rows, kind).push(...parsed.items);
  for (const issue of parsed.invalid ?? []) {
    batch.refused.push({ category, reason: validationReason(issue.path), quantity: 1 });
    listOf(batch.issues, kind).push(issue);
  }
  for (const reason of parsed.refused ?? []) batch.refused.push({ category, reason, quantity: 1 });
  if (parsed.unusable) batch.refused.push({ category, reason: 'unusable_or_over_cap', quantity: parsed.unusable });
}

/** What happened to a request's items: the answering kind's outcome (the answer), and every item refused, in order. */
export type Stored = { outcome: IngestOutcome; refused: Refusal[] };

/**
 * Counts the refusals of `batch`, then stores its kinds in the order they run; answers what happened to its items.
 * `eventRefused`: the protocol saw an error event refused while reading (its attachments go with it).
 */
export async function storeItems(
  key: IngestKey,
  batch: Batch,
  opts: { clientAddress?: string; tokensTaken?: number; eventRefused?: boolean } = {},
): Promise<Stored> {
  const { eventRefused = false, ...rest } = opts;
  const ctx = { ...newStoreContext(rest), eventRefused };
  const outcomes = new Map<string, IngestOutcome>();
  for (const r of batch.refused)
    ctx.count({
      projectId: key.projectId,
      category: r.category,
      outcome: r.outcome ?? 'invalid',
      reason: r.reason,
      quantity: r.quantity,
    });
  for (const kind of ITEM_KINDS) {
    const rows = batch.rows.get(kind) ?? [];
    if (rows.length === 0) continue;
    // A kind reads the outcome of the kinds it runs after, and only theirs.
    const own = {
      ...ctx,
      outcomeOf: (of: AnyKind) => {
        if (!kind.after?.includes(of.name))
          throw new Error(`the ${kind.name} kind reads the ${of.name} kind's outcome but does not run after it`);
        return outcomes.get(of.name) ?? NOTHING_REFUSED;
      },
    };
    if (kind.failsRequest) {
      const outcome = await kind.store(key, rows, own);
      if (outcome) outcomes.set(kind.name, outcome);
      continue;
    }
    try {
      const outcome = await kind.store(key, rows, own);
      if (outcome) outcomes.set(kind.name, outcome);
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
  return {
    outcome: (ANSWERING_KIND && outcomes.get(ANSWERING_KIND.name)) ?? NOTHING_REFUSED,
    refused: ctx.refused,
  };
}

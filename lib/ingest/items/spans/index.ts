// Every span of a trace (#34, #44): the root and child spans of Sentry `transaction` items and span v2 `span`
// items, read from the same items as the events kind (which refuses an invalid one for both), and stored with their
// transaction's fate: stored with it, filtered with it (an inbound filter, or a repeat of an envelope already
// stored), refused with it. Every span sent is stored or counted: those without ids or times, or past the caps, as
// unusable.
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { isObject } from '@/lib/envelope/parse-envelope';
import { spansOf } from '@/lib/envelope/sentry/map-spans';
import type { TransactionEnvelope } from '@/lib/envelope/schemas';
import { transactionFilterReason, type FilterReason } from '@/lib/ingest/enrich/inbound-filters';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { refusalOf } from '../events';
import { defineKind } from '../kind';
import { MAX_SPANS_PER_ITEM, spansOfTransaction, spansOfV2, type SpanRow } from './parse-spans';
import { storeSpans } from './span-writer';

export { spansOfTransaction, type SpanRow } from './parse-spans';

const MAX_SPANS_PER_ENVELOPE = 5 * MAX_SPANS_PER_ITEM;

/** The spans whose transaction an inbound filter keeps; the others are counted as filtered with its reason. */
function keptSpans(key: IngestKey, spans: SpanRow[]): SpanRow[] {
  const reasonOf = new Map<string, FilterReason | null>();
  const kept: SpanRow[] = [];
  for (const s of spans) {
    if (!reasonOf.has(s.transaction)) {
      const t = {
        type: 'transaction',
        name: s.transaction,
        duration: 0,
        timestamp: s.startMs,
        status: 'ok',
        environment: s.environment ?? undefined,
        release: s.release ?? undefined,
      };
      reasonOf.set(s.transaction, transactionFilterReason(key.filters, t as TransactionEnvelope));
    }
    const reason = reasonOf.get(s.transaction);
    if (reason) recordOutcome({ projectId: key.projectId, category: 'span', outcome: 'filtered', reason });
    else kept.push(s);
  }
  return kept;
}

export const spans = defineKind<SpanRow>({
  name: 'spans',
  itemTypes: { transaction: 'span', span: 'span' },
  fields: { text: ['description', 'transaction'], map: ['data'] },
  parse(_item, type, ctx) {
    const payload = ctx.json();
    if (!payload) return { items: [] };
    if (type === 'transaction') {
      const root = isObject(payload.contexts) && isObject(payload.contexts.trace) ? 1 : 0;
      const found = spansOfTransaction(payload);
      return {
        items: found,
        unusable: Math.max(0, root + (Array.isArray(payload.spans) ? payload.spans.length : 0) - found.length),
      };
    }
    const sent = spansOf(payload)?.spans ?? [];
    const found = spansOfV2(sent);
    return { items: found, unusable: Math.max(0, sent.length - found.length) };
  },
  async store(key, rows, ctx) {
    const capped = rows.slice(0, MAX_SPANS_PER_ENVELOPE);
    recordOutcome({
      projectId: key.projectId,
      category: 'span',
      outcome: 'invalid',
      reason: 'unusable_or_over_cap',
      quantity: rows.length - capped.length,
    });
    const { outcome } = ctx;
    if (outcome.kind === 'stored' || outcome.kind === 'duplicate') {
      const kept = keptSpans(key, capped);
      if (outcome.kind === 'stored') await storeSpans(key, kept);
      else if (kept.length > 0)
        recordOutcome({
          projectId: key.projectId,
          category: 'span',
          outcome: 'filtered',
          reason: 'duplicate_event_id',
          quantity: kept.length,
        });
      return;
    }
    const [refused, reason] = refusalOf(outcome);
    recordOutcome({ projectId: key.projectId, category: 'span', outcome: refused, reason, quantity: capped.length });
  },
});

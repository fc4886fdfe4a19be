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
import { events, refusalOf } from '../events';
import { defineKind, type CountOutcome } from '../kind';
import { MAX_SPANS_PER_ITEM, spansOfTransaction, spansOfV2, type SpanRow } from './parse-spans';
import { storeSpans } from './span-writer';

export { spansOfTransaction, type SpanRow } from './parse-spans';

const MAX_SPANS_PER_ENVELOPE = 5 * MAX_SPANS_PER_ITEM;

/** The spans whose transaction an inbound filter keeps; the others are counted as filtered with its reason. */
function keptSpans(key: IngestKey, spans: SpanRow[], count: CountOutcome): SpanRow[] {
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
    if (reason) count({ projectId: key.projectId, category: 'span', outcome: 'filtered', reason });
    else kept.push(s);
  }
  return kept;
}

export const spans = defineKind<SpanRow>({
  name: 'spans',
  // A transaction's spans share its fate: stored with it, filtered with it, refused with it.
  after: ['events'],
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
    ctx.count({
      projectId: key.projectId,
      category: 'span',
      outcome: 'invalid',
      reason: 'unusable_or_over_cap',
      quantity: rows.length - capped.length,
    });
    const outcome = ctx.outcomeOf(events);
    if (outcome.kind === 'stored' || outcome.kind === 'duplicate') {
      const kept = keptSpans(key, capped, ctx.count);
      // When no unit was a repeat (each was filtered), the spans kept belong to none of them (an OTLP export's
      // children of a segment sent before): stored as they would be alone.
      if (outcome.kind === 'stored' || outcome.repeats === 0) await storeSpans(key, kept, ctx.count);
      else if (kept.length > 0)
        ctx.count({
          projectId: key.projectId,
          category: 'span',
          outcome: 'filtered',
          reason: 'duplicate_event_id',
          quantity: kept.length,
        });
      return;
    }
    const [refused, reason] = refusalOf(outcome);
    // Refused as a whole, the request may still have stored some transactions made of known segments (an OTLP
    // export whose quota ran out midway): their spans are stored with them, the others refused.
    const stored = new Set<string>();
    if (outcome.kind === 'quota_exceeded' || outcome.kind === 'invalid')
      for (const u of outcome.stored ?? []) if (u.kind === 'transaction' && u.segment) stored.add(u.segment);
    const followed = stored.size > 0 ? capped.filter((s) => stored.has(`${s.traceId}:${s.segmentId}`)) : [];
    if (followed.length > 0) await storeSpans(key, keptSpans(key, followed, ctx.count), ctx.count);
    const quantity = capped.length - followed.length;
    ctx.count({ projectId: key.projectId, category: 'span', outcome: refused, reason, quantity });
  },
});

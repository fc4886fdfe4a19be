// What an OTLP export left out (#58), from the refusals ingest counted for the request (storeItems' `refused`, in the
// order counted): the signal's items refused, whatever the cause (nested too deep, unusable, past the cap, filtered,
// over quota, refused with their transaction; a metric's data points: an invalid field, a summary, a repeat), and the
// first cause in words, for the answer's partialSuccess.
import type { PartialSuccess } from '@/lib/envelope/otlp/export-response';
import { MAX_ANY_VALUE_DEPTH } from '@/lib/envelope/otlp/decode';
import { PROCESSING_ERROR, type Refusal } from '@/lib/ingest/items/kind';
import type { Category } from '@/lib/outcomes/categories';

/** The item a signal's count names, singular and plural. */
const NOUNS: Partial<Record<Category, readonly [string, string]>> = {
  span: ['span', 'spans'],
  log_item: ['log record', 'log records'],
  trace_metric: ['data point', 'data points'],
};

/** Why, in words a developer reading the exporter's log understands; the Stats page's outcome and reason follow. */
function because({ outcome, reason }: Refusal): string {
  if (reason === 'too_deep') return `a value nested more than ${MAX_ANY_VALUE_DEPTH} levels deep`;
  if (reason === 'unusable_or_over_cap') return 'missing or invalid ids or times, or past the cap of 5,000 a request';
  if (reason === 'duplicate_event_id') return 'a repeat of data already stored';
  if (reason === 'duplicate_point') return 'a repeat of a cumulative point already stored';
  if (reason === 'no_recorded_value') return 'a data point flagged as having no recorded value';
  if (outcome === 'unsupported' && reason === 'summary') return 'summary metrics are not stored (send a histogram)';
  if (reason === PROCESSING_ERROR) return 'storing failed on the server';
  if (reason.startsWith('validation')) return `an invalid field (${reason.slice('validation: '.length) || 'value'})`;
  if (outcome === 'over_quota') return "the organization's monthly quota is used up";
  if (outcome === 'filtered') return "filtered by the project's inbound filters";
  if (outcome === 'rate_limited') return 'rate limited';
  return 'refused';
}

/** The partial success of an export of `category`'s items, or null when none of them was refused. */
export function partialSuccessOf(refused: readonly Refusal[], category: Category): PartialSuccess | null {
  const mine = refused.filter((r) => r.category === category);
  const rejected = mine.reduce((n, r) => n + r.quantity, 0);
  if (rejected === 0) return null;
  const [one, many] = NOUNS[category] ?? ['item', 'items'];
  const first = mine[0];
  return {
    rejected,
    errorMessage: `${rejected} ${rejected === 1 ? one : many} rejected. First reason: ${because(first)} (${first.outcome}: ${first.reason}).`,
  };
}

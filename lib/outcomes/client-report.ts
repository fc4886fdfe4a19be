// `client_report` items: what the SDK itself dropped before sending (queue full, its own rate limiting, a
// before_send that returned null, sampling…), by category and reason.
import { categoryFromSdk, type Category } from './categories';

export type ClientDiscard = { category: Category; reason: string; quantity: number };

// Relay's ClientReport: every list holds { reason, category, quantity }.
const LISTS = ['discarded_events', 'rate_limited_events', 'filtered_events', 'filtered_sampling_events'] as const;
const MAX_ENTRIES = 100;
const MAX_QUANTITY = 1_000_000_000;

/** The discards a client report lists; entries it cannot read are skipped (never a throw). */
export function discardsOf(report: Record<string, unknown>): ClientDiscard[] {
  const out: ClientDiscard[] = [];
  for (const list of LISTS) {
    const entries = report[list];
    if (!Array.isArray(entries)) continue;
    for (const e of entries.slice(0, MAX_ENTRIES)) {
      if (typeof e !== 'object' || e === null) continue;
      const { category, reason, quantity } = e as Record<string, unknown>;
      const cat = typeof category === 'string' ? categoryFromSdk(category) : null;
      if (!cat || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0) continue;
      out.push({
        category: cat,
        reason: typeof reason === 'string' && reason.length > 0 ? reason : list,
        quantity: Math.min(quantity, MAX_QUANTITY),
      });
    }
  }
  return out;
}

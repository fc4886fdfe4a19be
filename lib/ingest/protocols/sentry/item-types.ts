// The Sentry item types no kind stores (lib/ingest/items/registry.ts lists those that are): client reports, read for
// what the SDK dropped, and the types we accept and count on the Stats page as not stored, each under its category.
import type { Category } from '@/lib/outcomes/categories';
import { ITEM_KINDS, kindsOf } from '@/lib/ingest/items/registry';

/** Item types accepted and counted as `unsupported` (not stored yet), with what they count as. */
export const NOT_STORED: Readonly<Record<string, Category>> = {
  otel_log: 'log_item',
  replay_video: 'replay',
  statsd: 'metric',
  metric_buckets: 'metric',
  metric_meta: 'metric',
};

/** What the SDK says it dropped; read, not stored. */
export const CLIENT_REPORT = 'client_report';

/** An item type no kind reads: its category (`unknown` for a type we do not know). */
export function notStoredCategory(type: string): Category {
  return Object.hasOwn(NOT_STORED, type) ? NOT_STORED[type] : 'unknown';
}

/** For the start log: which item types are stored, read, and only counted. */
export function ingestStatusLine(): string {
  const stored = [...new Set(ITEM_KINDS.flatMap((k) => Object.keys(k.itemTypes)))];
  // A type a kind has come to read is stored, whatever this table still says.
  const counted = Object.keys(NOT_STORED).filter((t) => kindsOf(t).length === 0);
  return `ingest: stores ${stored.join(', ')} items; reads ${CLIENT_REPORT}; counts (Stats page) but does not store yet: ${counted.join(', ')} and unknown types`;
}

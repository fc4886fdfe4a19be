// Outcomes (#28): what happened to each item received, counted per project, UTC day, category and reason, so a
// team sees at once why events are missing. The names follow Sentry's (Relay's) data categories and outcomes.

import { CATEGORIES, type Category } from '@/lib/zod/stats';

export { CATEGORIES, type Category };

/** What happened to it. */
export const OUTCOMES = [
  'accepted',
  'filtered',
  'rate_limited',
  'over_quota',
  'invalid',
  'client_discard',
  'unsupported',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  accepted: 'Accepted',
  filtered: 'Filtered',
  rate_limited: 'Rate limited',
  over_quota: 'Over quota',
  invalid: 'Invalid',
  client_discard: 'Dropped by the SDK',
  unsupported: 'Not stored (unsupported)',
};

export const CATEGORY_LABELS: Record<Category, string> = {
  error: 'Errors',
  transaction: 'Transactions',
  span: 'Spans',
  session: 'Sessions',
  attachment: 'Attachments',
  monitor: 'Cron check-ins',
  feedback: 'User feedback',
  log_item: 'Logs',
  trace_metric: 'Metrics',
  profile: 'Profiles',
  // One item a segment: the Stats page says how many replays they make (each counted once, by its id).
  replay: 'Replay segments',
  security: 'Security reports',
  // Sentry's metrics beta of 2024 (statsd, metric_buckets and metric_meta items, removed from the SDKs): counted,
  // never stored. Today's metrics are trace_metric (#61).
  metric: 'Legacy metrics (statsd)',
  unknown: 'Unread requests',
};

/** A category name an SDK reports in a client report (`default` is an error); null for byte counts and names we do not know. */
export function categoryFromSdk(name: string): Category | null {
  if (name === 'default') return 'error';
  return name !== 'unknown' && (CATEGORIES as readonly string[]).includes(name) ? (name as Category) : null;
}

/** The reason an item was refused as invalid: the first problem's field (`validation: exception.value`). */
export function validationReason(path: (string | number)[]): string {
  // An envelope's item index says nothing across requests: `items.0.exception` reads `exception`.
  const fields = path[0] === 'items' ? path.slice(2) : path;
  const named = fields.filter((p) => typeof p === 'string');
  return named.length > 0 ? `validation: ${named.join('.')}` : 'validation';
}

/**
 * Tags that carry an identifier (#60): each event has its own value (a replay, a trace, a span…), so a distribution
 * of them is a list of random ids at a few percent each. The tag panel leaves them out (the event page links
 * each to its replay or trace); they stay stored and searchable (`replayId:…` in the issue search).
 */
const ID_TAG_KEYS = new Set(
  [
    'replayId',
    'replay_id',
    'replay.id',
    'trace',
    'trace_id',
    'traceId',
    'trace.id',
    'span_id',
    'spanId',
    'span.id',
    'profile_id',
    'profiler_id',
    'event_id',
    'eventId',
    'request_id',
    'requestId',
    'transaction_id',
    'sentry_trace',
  ].map((k) => k.toLowerCase()),
);

/** Whether a tag key names a per-event identifier (case-insensitive). */
export function isIdTag(key: string): boolean {
  return ID_TAG_KEYS.has(key.toLowerCase());
}

// The parts of rrweb's event format (what @sentry/browser's replayIntegration records) that the replay ingest, the
// replay page's timeline and its player all read: event types, the click, and an event's time.

/** rrweb's EventType and IncrementalSource values read here. */
export const RRWEB = {
  fullSnapshot: 2,
  incrementalSnapshot: 3,
  meta: 4,
  custom: 5,
  mutation: 0,
  mouseInteraction: 2,
  click: 2,
} as const;

/** An rrweb event's time in milliseconds, or null. rrweb's own are milliseconds; the SDK sends its performance
 * spans' and breadcrumbs' in seconds (a number below 10^11 is seconds: 10^11 ms is 1973). */
export function rrwebTimeMs(t: unknown): number | null {
  if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0) return null;
  return t < 1e11 ? t * 1000 : t;
}

/** Whether an rrweb event of `type` with `data` is a click. */
export function isRrwebClick(type: unknown, data: Record<string, unknown>): boolean {
  return type === RRWEB.incrementalSnapshot && data.source === RRWEB.mouseInteraction && data.type === RRWEB.click;
}

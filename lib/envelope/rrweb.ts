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
  input: 5,
} as const;

/** rrweb-snapshot's NodeType values (a serialized DOM node's `type`, not an event's) read here. */
export const RRWEB_NODE = { element: 2, text: 3 } as const;

/** An rrweb event's time in milliseconds, or null. rrweb's own are milliseconds; the SDK sends its performance
 * spans' and breadcrumbs' in seconds (a number below 10^11 is seconds: 10^11 ms is 1973). */
export function rrwebTimeMs(t: unknown): number | null {
  if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0) return null;
  // To the microsecond the SDK's seconds carry, without the float's tail (1764000000.123 × 1000 is not exact).
  return t < 1e11 ? Math.round(t * 1e6) / 1000 : t;
}

/** Whether an rrweb event of `type` with `data` is a click. */
export function isRrwebClick(type: unknown, data: Record<string, unknown>): boolean {
  return type === RRWEB.incrementalSnapshot && data.source === RRWEB.mouseInteraction && data.type === RRWEB.click;
}

/** The SDK's custom events' own times (seconds as the SDK sends them), by the event's `tag`. */
const PAYLOAD_TIMES: Readonly<Record<string, readonly string[]>> = {
  breadcrumb: ['timestamp'],
  performanceSpan: ['startTimestamp', 'endTimestamp'],
};

/**
 * An rrweb event (in place; also returned) with every time in epoch milliseconds: its own `timestamp`, and in the
 * SDK's custom events a breadcrumb's `timestamp` and a performance span's `startTimestamp` and `endTimestamp`, which
 * @sentry/browser sends in seconds (and, for some events, the event's own time too).
 */
export function eventTimesInMs(event: unknown): unknown {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return event;
  const e = event as Record<string, unknown>;
  const at = rrwebTimeMs(e.timestamp);
  if (at !== null) e.timestamp = at;
  const data = e.data as Record<string, unknown> | undefined;
  if (e.type !== RRWEB.custom || typeof data !== 'object' || data === null) return event;
  const payload = data.payload as Record<string, unknown> | undefined;
  const keys = typeof data.tag === 'string' ? PAYLOAD_TIMES[data.tag] : undefined;
  if (!keys || typeof payload !== 'object' || payload === null) return event;
  for (const k of keys) {
    const ms = rrwebTimeMs(payload[k]);
    if (ms !== null) payload[k] = ms;
  }
  return event;
}

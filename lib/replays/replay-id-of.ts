// The replay an event was recorded in (#60), read the ways SDKs name it; shared by the event page's "Watch replay".

const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;

/** A replay id (32 hex characters, dashes and case as any SDK writes it) or null. */
export const hex32 = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const hex = v.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
};

/** `sentry-replay_id` of a W3C baggage header (`key=value` members, comma separated, values percent-encoded). */
function baggageReplayId(baggage: unknown): string | null {
  const text = Array.isArray(baggage) ? baggage.join(',') : baggage;
  if (typeof text !== 'string') return null;
  for (const member of text.split(',')) {
    const [key, value] = member
      .split(';', 1)[0]
      .split('=', 2)
      .map((p) => p.trim());
    if (key !== 'sentry-replay_id' || !value) continue;
    try {
      return hex32(decodeURIComponent(value).trim());
    } catch {
      return null; // a malformed escape: no replay named
    }
  }
  return null;
}

/** A request header by name, whatever its case; headers as an object or as [name, value] pairs (both are sent). */
const headerOf = (request: unknown, name: string): unknown => {
  const headers = field(request, 'headers');
  if (Array.isArray(headers)) return headers.find((h) => Array.isArray(h) && String(h[0]).toLowerCase() === name)?.[1];
  if (typeof headers !== 'object' || headers === null) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : (headers as Record<string, unknown>)[key];
};

/**
 * The replay id an event carries, or null: @sentry/browser's replayIntegration tags its errors `replayId`; other
 * SDKs name it in contexts.replay.replay_id; an error of a backend called from a replayed page has it in the
 * `sentry-replay_id` member of the request's baggage header (the browser SDK propagates it with the trace).
 */
export function replayIdOf(event: { contexts: unknown; tags: unknown; request?: unknown }): string | null {
  return (
    hex32(field(event.tags, 'replayId')) ??
    hex32(field(field(event.contexts, 'replay'), 'replay_id')) ??
    baggageReplayId(headerOf(event.request, 'baggage'))
  );
}

const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;

/**
 * The replay id an event carries, or null: @sentry/browser's replayIntegration tags its errors `replayId`; other
 * SDKs (and Sentry's own events) name it in contexts.replay.replay_id.
 */
function replayIdOf(event: { contexts: unknown; tags: unknown }): string | null {
  const id = field(event.tags, 'replayId') ?? field(field(event.contexts, 'replay'), 'replay_id');
  if (typeof id !== 'string') return null;
  const hex = id.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
}

/** The replay page of the event's session replay, opened at the event's moment; null when it has none. */
export function replayHref(event: {
  projectId: string;
  contexts: unknown;
  tags: unknown;
  timestamp: string;
}): string | null {
  const { projectId, timestamp } = event;
  const replayId = replayIdOf(event);
  if (!replayId) return null;
  const at = Date.parse(timestamp);
  return `/projects/${encodeURIComponent(projectId)}/replays/${replayId}${Number.isFinite(at) ? `?at=${at}` : ''}`;
}

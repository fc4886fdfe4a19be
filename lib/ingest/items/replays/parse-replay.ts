// Session replay items (#46), as @sentry/browser's replayIntegration sends them, both in one envelope whose header
// event_id is the replay id: `replay_event` (the segment's metadata: urls, error and trace ids, user, browser, OS,
// device, release) and `replay_recording` (a JSON header line `{"segment_id":N}`, then the segment's rrweb events
// as a JSON array, zlib-compressed or plain). Read here into rows the replays writer stores; what cannot be read is
// refused with its reason, the envelope's other items kept.
import { inflateSync } from 'node:zlib';
import { z } from 'zod';
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import { isObject, type EnvelopeItem, type JsonObject } from '@/lib/envelope/parse-envelope';
import { storableEnvelope } from '@/lib/envelope/prepare-json';
import { contextLabel } from '@/lib/envelope/context-label';
import { isRrwebClick, RRWEB, rrwebTimeMs } from '@/lib/envelope/rrweb';
import { contextsFromUserAgent, userAgentOf } from '@/lib/envelope/user-agent';

/** A recording segment's cap as sent (compressed) and once inflated: a busy page's full snapshot is a few MiB. */
const REPLAY_SEGMENT_MAX_BYTES = 10 * 1024 * 1024;
export const REPLAY_SEGMENT_MAX_INFLATED_BYTES = 20 * 1024 * 1024;
/** rrweb nests a node per DOM level; deeper than this is not a page (and the scrubber walks it recursively). */
const REPLAY_MAX_DEPTH = 400;
const MAX_SEGMENT_ID = 100_000;

export type ReplayEventRow = {
  type: 'event';
  replayId: string;
  segmentId: number;
  replayType: string;
  /** Seconds, as sent. */
  timestamp: Date | null;
  startedAt: Date | null;
  urls: string[];
  errorIds: string[];
  traceIds: string[];
  release: string | null;
  environment: string | null;
  platform: string | null;
  user: JsonObject | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  sdk: JsonObject | null;
};

export type RecordingStats = {
  eventCount: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  clicks: number;
  deadClicks: number;
  rageClicks: number;
};

export type ReplayRecordingRow = {
  type: 'recording';
  replayId: string;
  segmentId: number;
  /** The rrweb events: scrubbed in place before the writer compresses and stores them. */
  events: unknown[];
  stats: RecordingStats;
};

export type ReplayRow = ReplayEventRow | ReplayRecordingRow;
export type ReplayParse = { row: ReplayRow } | { invalid: FieldIssue[] } | { refused: string };

const hex32 = z
  .string()
  .transform((v) => v.replace(/-/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Must be 32 hex characters'));
const ids = z.array(z.unknown()).max(1000).optional();
const seconds = z.union([z.number(), z.string()]).optional();

const replayEvent = z.object({
  replay_id: hex32,
  segment_id: z.number().int().min(0).max(MAX_SEGMENT_ID),
  replay_type: z.string().max(32).optional(),
  timestamp: seconds,
  replay_start_timestamp: seconds,
  urls: ids,
  error_ids: ids,
  trace_ids: ids,
  release: z.string().max(200).nullish(),
  environment: z.string().max(64).nullish(),
  platform: z.string().max(64).nullish(),
  user: z.record(z.string(), z.unknown()).nullish(),
  contexts: z.record(z.string(), z.unknown()).nullish(),
  sdk: z.record(z.string(), z.unknown()).nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
  request: z
    .object({ url: z.string().max(8192).nullish() })
    .passthrough()
    .nullish(),
});

function timeOf(v: unknown): Date | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) || Date.parse(v) / 1000 : NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  const d = new Date(Math.round(n * 1000));
  return Number.isNaN(d.getTime()) ? null : d;
}

const strings = (v: unknown[] | undefined, max: number, cap = 100) =>
  [...new Set((v ?? []).filter((s): s is string => typeof s === 'string' && s !== '' && s.length <= max))].slice(
    0,
    cap,
  );

const label = (contexts: Record<string, unknown>, key: string) => contextLabel(contexts, key)?.slice(0, 200) ?? null;

function issuesOf(err: z.ZodError, path: Path): FieldIssue[] {
  return err.issues.map((i) => ({ path: [...path, ...(i.path as (string | number)[])], message: i.message }));
}

export function parseReplayEvent(payload: JsonObject, path: Path): ReplayParse {
  const r = replayEvent.safeParse(payload);
  if (!r.success) return { invalid: issuesOf(r.error, path) };
  const e = r.data;
  const user = e.user
    ? Object.fromEntries(
        ['id', 'email', 'username', 'name']
          .filter((k) => typeof e.user![k] === 'string' || typeof e.user![k] === 'number')
          .map((k) => [k, String(e.user![k]).slice(0, 200)]),
      )
    : null;
  const storable = storableEnvelope({ user, sdk: e.sdk ?? null }, true);
  if (!storable.ok) return { invalid: [{ ...storable.issue, path: [...path, ...storable.issue.path] }] };
  const prepared = storable.value as { user: JsonObject | null; sdk: JsonObject | null };
  // The browser SDK names no browser of its own: its User-Agent does (what the SDK sent is kept first).
  const ua = userAgentOf(e.request);
  const contexts = { ...(ua ? contextsFromUserAgent(ua) : {}), ...(e.contexts ?? {}) } as Record<string, unknown>;
  return {
    row: {
      type: 'event',
      replayId: e.replay_id,
      segmentId: e.segment_id,
      replayType: e.replay_type === 'buffer' ? 'buffer' : 'session',
      timestamp: timeOf(e.timestamp),
      startedAt: timeOf(e.replay_start_timestamp),
      urls: strings(e.urls, 2048),
      errorIds: strings(e.error_ids, 64).map((s) => s.replace(/-/g, '').toLowerCase()),
      traceIds: strings(e.trace_ids, 64).map((s) => s.replace(/-/g, '').toLowerCase()),
      release: e.release ?? null,
      environment: e.environment ?? null,
      platform: e.platform ?? null,
      user: prepared.user,
      browser: label(contexts, 'browser'),
      os: label(contexts, 'os'),
      device: label(contexts, 'device'),
      sdk: prepared.sdk,
    },
  };
}

/**
 * Whether the JSON text nests arrays and objects deeper than `max`: one pass over its bytes before it is parsed (no
 * allocation, no recursion), skipping strings, so a hostile recording costs nothing to refuse and nothing after
 * it recurses past the depth checked.
 */
export function nestsDeeperThan(json: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** What the list shows of a segment: its events' times, clicks, and the SDK's dead and rage click breadcrumbs. */
function recordingStats(events: unknown[]): RecordingStats {
  let first = Infinity;
  let last = -Infinity;
  let clicks = 0;
  let deadClicks = 0;
  let rageClicks = 0;
  for (const e of events) {
    if (!isObject(e)) continue;
    const at = rrwebTimeMs(e.timestamp);
    if (at !== null) {
      first = Math.min(first, at);
      last = Math.max(last, at);
    }
    const data = isObject(e.data) ? e.data : null;
    if (!data) continue;
    if (isRrwebClick(e.type, data)) clicks++;
    if (e.type === RRWEB.custom && data.tag === 'breadcrumb' && isObject(data.payload)) {
      const p = data.payload;
      if (p.category === 'ui.slowClickDetected') {
        deadClicks++;
        const count = isObject(p.data) ? p.data.clickCount : undefined;
        if (typeof count === 'number' && count >= 3) rageClicks++;
      }
    }
  }
  const date = (ms: number) => (Number.isFinite(ms) && ms > 0 && ms < 1e14 ? new Date(ms) : null);
  return { eventCount: events.length, startedAt: date(first), finishedAt: date(last), clicks, deadClicks, rageClicks };
}

/** A `replay_recording` item of the replay `replayId` (the envelope header's event_id). */
export function parseRecording(item: EnvelopeItem, replayId: unknown): ReplayParse {
  const id = hex32.safeParse(replayId);
  if (!id.success) return { refused: 'missing_replay_id' };
  const payload = item.payload;
  if (payload.length > REPLAY_SEGMENT_MAX_BYTES) return { refused: 'too_large' };
  const newline = payload.indexOf(0x0a);
  if (newline < 0 || newline > 1024) return { refused: 'invalid_replay_recording' };
  let header: unknown;
  try {
    header = JSON.parse(payload.subarray(0, newline).toString('utf8'));
  } catch {
    return { refused: 'invalid_replay_recording' };
  }
  const segmentId = isObject(header) ? header.segment_id : undefined;
  if (typeof segmentId !== 'number' || !Number.isInteger(segmentId) || segmentId < 0 || segmentId > MAX_SEGMENT_ID)
    return { refused: 'invalid_replay_recording' };
  let body = payload.subarray(newline + 1);
  // zlib's header: 0x78 then a check byte (RFC 1950); plain JSON starts with `[`.
  if (body[0] === 0x78) {
    try {
      body = inflateSync(body, { maxOutputLength: REPLAY_SEGMENT_MAX_INFLATED_BYTES });
    } catch (err) {
      return {
        refused: (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'invalid_compression',
      };
    }
  } else if (body.length > REPLAY_SEGMENT_MAX_INFLATED_BYTES) return { refused: 'too_large' };
  if (nestsDeeperThan(body, REPLAY_MAX_DEPTH)) return { refused: 'too_deep' };
  let events: unknown;
  try {
    events = JSON.parse(body.toString('utf8'));
  } catch {
    return { refused: 'invalid_replay_recording' };
  }
  if (!Array.isArray(events)) return { refused: 'invalid_replay_recording' };
  return { row: { type: 'recording', replayId: id.data, segmentId, events, stats: recordingStats(events) } };
}

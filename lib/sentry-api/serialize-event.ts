// A stored event as Sentry's API shows it (EventSerializer, SimpleEventSerializer): its `entries` (exception with
// stack frames innermost LAST, as Sentry orders them; our rows keep them innermost first), message, breadcrumbs and
// request, `tags` as key/value pairs, `contexts`, `user`, `sdk`. Pure, so the MCP server's tools show the same.
import { serializeEvent, type SerializedEvent } from '@/lib/events/serialize';

type EventRow = Parameters<typeof serializeEvent>[0];
export type EventOwner = {
  issueNumber: bigint;
  projectNumber: number;
  projectPlatform: string;
  culprit: string | null;
  fingerprint: string;
};

type Json = Record<string, unknown>;
type StoredFrame = {
  filename?: string;
  abs_path?: string;
  function?: string;
  module?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
  platform?: string;
  context_line?: string;
  pre_context?: string[];
  post_context?: string[];
  raw?: Omit<StoredFrame, 'raw'>;
  symbolication_error?: string;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The event's id as Sentry names it: the SDK's 32-hex event_id, else ours without its dashes (also 32 hex). */
export const sentryEventId = (e: { id: string; eventId: string | null }) => e.eventId ?? e.id.replace(/-/g, '');

/** `[[line number, text], …]`: the lines before, the line itself and the lines after. */
function contextOf(f: StoredFrame): [number, string][] {
  if (f.context_line === undefined || !f.lineno) return [];
  const pre = f.pre_context ?? [];
  const post = f.post_context ?? [];
  return [
    ...pre.map((l, i): [number, string] => [f.lineno! - pre.length + i, l]),
    [f.lineno, f.context_line],
    ...post.map((l, i): [number, string] => [f.lineno! + 1 + i, l]),
  ];
}

function sentryFrame(f: StoredFrame, eventPlatform: string | null) {
  return {
    filename: f.filename ?? null,
    absPath: f.abs_path ?? f.filename ?? null,
    module: f.module ?? null,
    package: null,
    platform: f.platform ?? null,
    instructionAddr: null,
    symbolAddr: null,
    function: f.function ?? null,
    rawFunction: null,
    symbol: null,
    context: contextOf(f),
    lineNo: f.lineno ?? null,
    colNo: f.colno ?? null,
    inApp: f.in_app ?? (eventPlatform === null ? null : false),
    trust: null,
    errors: null,
    lock: null,
    sourceLink: null,
    vars: null,
  };
}

/** Sentry's stack trace: frames outermost first, the throw site last. */
function sentryStacktrace(frames: StoredFrame[], platform: string | null, raw: boolean) {
  const shown = [...frames].reverse().map((f) => sentryFrame(raw ? (f.raw ?? f) : f, platform));
  return {
    frames: shown,
    framesOmitted: null,
    registers: null,
    hasSystemFrames: shown.some((f) => f.inApp === true) && shown.some((f) => f.inApp === false),
  };
}

const framesOf = (st: unknown): StoredFrame[] =>
  isObject(st) && Array.isArray(st.frames) ? (st.frames.filter(isObject) as StoredFrame[]) : [];

function exceptionEntry(s: SerializedEvent, platform: string | null) {
  const chain = s.exceptions ?? [];
  // Sentry lists the chain oldest first: the cause first, the exception thrown last.
  const values = [...chain].reverse().map((x) => {
    const frames = framesOf(x.stacktrace);
    return {
      type: x.type,
      value: x.value,
      module: x.module ?? null,
      mechanism: x.mechanism ?? null,
      threadId: null,
      stacktrace: frames.length > 0 ? sentryStacktrace(frames, platform, false) : null,
      rawStacktrace: frames.some((f) => f.raw) ? sentryStacktrace(frames, platform, true) : null,
    };
  });
  return {
    type: 'exception',
    data: { values, excOmitted: null, hasSystemFrames: values.some((v) => v.stacktrace?.hasSystemFrames) },
  };
}

const pairs = (v: unknown): [string, string][] =>
  isObject(v) ? Object.entries(v).map(([k, val]): [string, string] => [k, String(val)]) : [];

/** Sentry's request: the URL without its query string, which is `query` as pairs. */
function requestEntry(r: Json) {
  const url = str(r.url);
  const q = url?.indexOf('?') ?? -1;
  const text = typeof r.query_string === 'string' ? r.query_string : url && q >= 0 ? url.slice(q + 1) : '';
  const query = [...new URLSearchParams(text.replace(/#.*$/s, ''))];
  return {
    type: 'request',
    data: {
      url: url && q >= 0 ? url.slice(0, q) : url,
      method: str(r.method),
      query,
      fragment: null,
      data: r.data ?? null,
      headers: pairs(r.headers),
      cookies: pairs(r.cookies),
      env: null,
      inferredContentType: null,
      apiTarget: null,
    },
  };
}

function breadcrumbsEntry(list: unknown[]) {
  const values = list.filter(isObject).map((b) => ({
    type: str(b.type) ?? 'default',
    category: str(b.category),
    level: str(b.level) ?? 'info',
    message: str(b.message),
    timestamp: typeof b.timestamp === 'number' ? new Date(b.timestamp).toISOString() : null,
    data: isObject(b.data) ? b.data : null,
    event_id: null,
  }));
  return { type: 'breadcrumbs', data: { values } };
}

/**
 * Whether the event is an error or, as Sentry types a message, `default`: no exception, or only the synthetic one
 * an SDK's captureMessage wraps its stack in (as ingest reads it: lib/envelope/sentry/map-event.ts).
 */
function eventType(s: SerializedEvent): 'error' | 'default' {
  if (s.exceptions === null) return 'error';
  return s.exceptions.length === 0 || s.exceptions[0].mechanism?.synthetic === true ? 'default' : 'error';
}

function titleOf(s: SerializedEvent): string {
  const thrown = s.exceptions?.[0];
  if (eventType(s) === 'default') return s.logentry?.formatted ?? s.message;
  const text = thrown ? (thrown.value ? `${thrown.type}: ${thrown.value}` : thrown.type) : s.message;
  return text.split(/\r?\n|\r/, 1)[0];
}

function metadataOf(s: SerializedEvent) {
  const thrown = s.exceptions?.[0];
  const top = framesOf(s.stacktrace)[0];
  if (eventType(s) === 'default') return { title: titleOf(s) };
  return {
    type: thrown?.type ?? null,
    value: thrown?.value ?? s.message,
    filename: top?.filename ?? null,
    function: top?.function ?? null,
  };
}

/** Sentry's event tags: what the SDK sent, and the ones Sentry adds from the event itself, sorted by key. */
function tagsOf(e: EventRow, s: SerializedEvent) {
  const tags = new Map<string, string>(pairs(e.tags));
  const add = (k: string, v: unknown) => {
    if (typeof v === 'string' && v !== '' && !tags.has(k)) tags.set(k, v);
  };
  add('level', e.level.toLowerCase());
  add('environment', e.environment);
  add('release', e.release);
  add('server_name', s.serverName);
  add('transaction', s.transaction);
  add('logger', s.logger);
  if (isObject(e.request)) add('url', e.request.url);
  const mechanism = s.exceptions?.[0]?.mechanism;
  if (mechanism) {
    add('mechanism', mechanism.type);
    if (typeof mechanism.handled === 'boolean') add('handled', mechanism.handled ? 'yes' : 'no');
  }
  const user = isObject(e.userContext) ? e.userContext : null;
  if (user) {
    const u = str(user.id) ?? str(user.email) ?? str(user.username) ?? str(user.ip_address);
    const kind = str(user.id) ? 'id' : str(user.email) ? 'email' : str(user.username) ? 'username' : 'ip';
    if (u) add('user', `${kind}:${u}`);
  }
  const contexts = isObject(e.contexts) ? e.contexts : {};
  for (const name of ['browser', 'os', 'runtime', 'device'] as const) {
    const c = contexts[name];
    if (!isObject(c)) continue;
    const label = [str(c.name), str(c.version)].filter(Boolean).join(' ');
    add(name, label);
    add(`${name}.name`, str(c.name));
  }
  return [...tags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => ({ key, value }));
}

function userOf(u: unknown) {
  if (!isObject(u)) return null;
  return {
    id: str(u.id),
    email: str(u.email),
    username: str(u.username),
    ip_address: str(u.ip_address),
    name: str(u.name),
    data: isObject(u.data) ? u.data : null,
  };
}

/** The fields a list of events shows (Sentry's SimpleEventSerializer). */
export function serializeSimpleEvent(e: EventRow, owner: EventOwner) {
  const s = serializeEvent(e);
  const id = sentryEventId(e);
  const top = framesOf(s.stacktrace)[0];
  return {
    id,
    eventID: id,
    groupID: String(owner.issueNumber),
    projectID: String(owner.projectNumber),
    title: titleOf(s),
    message: s.logentry?.formatted ?? (eventType(s) === 'default' ? s.message : ''),
    platform: s.platform ?? owner.projectPlatform,
    'event.type': eventType(s),
    dateCreated: s.timestamp,
    user: userOf(e.userContext),
    tags: tagsOf(e, s),
    culprit: owner.culprit,
    location: top?.filename ?? null,
    crashFile: null,
  };
}

/** The whole event (Sentry's EventSerializer), with its neighbours in its issue when known. */
export function serializeSentryEvent(
  e: EventRow,
  owner: EventOwner,
  around: { previousEventID: string | null; nextEventID: string | null } = { previousEventID: null, nextEventID: null },
) {
  const s = serializeEvent(e);
  const platform = s.platform ?? owner.projectPlatform;
  const entries: unknown[] = [];
  if (eventType(s) === 'error') entries.push(exceptionEntry(s, platform));
  else if (framesOf(s.stacktrace).length > 0)
    entries.push({ type: 'stacktrace', data: sentryStacktrace(framesOf(s.stacktrace), platform, false) });
  if (s.logentry || eventType(s) === 'default')
    entries.push({
      type: 'message',
      data: {
        formatted: s.logentry?.formatted ?? s.message,
        message: s.logentry?.message ?? null,
        params: s.logentry?.params ?? null,
      },
    });
  if (Array.isArray(e.breadcrumbs) && e.breadcrumbs.length > 0) entries.push(breadcrumbsEntry(e.breadcrumbs));
  if (isObject(e.request)) entries.push(requestEntry(e.request));
  const symbolication = framesOf(s.stacktrace).flatMap((f) =>
    f.symbolication_error ? [{ type: 'js_no_source', message: f.symbolication_error, data: {} }] : [],
  );
  return {
    ...serializeSimpleEvent(e, owner),
    type: eventType(s),
    metadata: metadataOf(s),
    dateReceived: s.receivedAt,
    entries,
    contexts: isObject(e.contexts) ? e.contexts : {},
    context: s.extra ?? {},
    sdk: s.sdk ?? null,
    packages: s.modules ?? {},
    fingerprints: [owner.fingerprint],
    errors: symbolication,
    size: Buffer.byteLength(JSON.stringify(e)),
    dist: null,
    release: e.release ? { version: e.release } : null,
    groupingConfig: null,
    occurrence: null,
    resolvedWith: [],
    sdkUpdates: [],
    userReport: null,
    previousEventID: around.previousEventID,
    nextEventID: around.nextEventID,
    _meta: {
      user: null,
      context: null,
      entries: {},
      contexts: null,
      message: null,
      packages: null,
      tags: {},
      sdk: null,
    },
  };
}

import { CAPS, setOwn } from '@/lib/envelope/schemas';
import { formatMessage } from '@/lib/envelope/message';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { contextsOf } from './contexts';

// Sentry payloads are mapped leniently into our envelope shapes; lib/envelope/schemas.ts then decides
// (anything the mapping cannot make sense of is passed through so that validation names it).

const MAX_BREADCRUMBS = 100;

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const scalarString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** Drops undefined members so the stored JSON carries only what was sent. */
export function compact<T extends JsonObject>(o: T): T {
  // A loop, not fromEntries(entries().filter()): it runs for every frame and breadcrumb of every event.
  const out: JsonObject = {};
  for (const k in o) {
    const v = o[k];
    if (v === undefined) continue;
    // A map's own keys are the sender's: `__proto__` stays a key, as fromEntries keeps it.
    setOwn(out, k, v);
  }
  return out as T;
}

const ISO_WITHOUT_ZONE = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Sentry timestamps: seconds since the epoch (number or numeric string) or RFC 3339 (UTC when no zone). */
export function sentryTimeToMs(v: unknown): unknown {
  if (typeof v === 'number') return Math.round(v * 1000);
  if (typeof v !== 'string') return v;
  const trimmed = v.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Math.round(Number(trimmed) * 1000);
  const ms = Date.parse(ISO_WITHOUT_ZONE.test(trimmed) ? `${trimmed}Z` : trimmed);
  return Number.isNaN(ms) ? v : ms;
}

/** Sentry sends string maps as objects or as `[[key, value], …]` pairs; values are coerced to strings. */
export function stringMap(v: unknown): Record<string, string> | undefined {
  if (isObject(v)) {
    // An object (what SDKs send): read in place, no list of pairs built and dropped.
    const out: Record<string, string> = {};
    let any = false;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      const val = v[key];
      if (val === null || val === undefined) continue;
      setOwn(out, key, scalarString(val) ?? JSON.stringify(val));
      any = true;
    }
    return any ? out : undefined;
  }
  const entries: [unknown, unknown][] = Array.isArray(v)
    ? v.filter((p): p is unknown[] => Array.isArray(p) && p.length >= 2).map((p) => [p[0], p[1]])
    : [];
  const out: [string, string][] = [];
  for (const [k, val] of entries) {
    const key = scalarString(k);
    if (key === undefined || val === null || val === undefined) continue;
    out.push([key, scalarString(val) ?? JSON.stringify(val)]);
  }
  return out.length > 0 ? Object.fromEntries(out) : undefined;
}

const LEVELS: Record<string, string> = {
  fatal: 'fatal',
  critical: 'fatal',
  error: 'error',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  log: 'info',
  debug: 'debug',
};

function level(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? (LEVELS[v.toLowerCase()] ?? v) : v;
}

const MAX_FRAMES = 250;
const MAX_EXTRA_BYTES = CAPS.extraBytes;

const lines = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((l): l is string => typeof l === 'string') : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);

type Frame = { filename: string; lineno: number; function?: string; colno?: number };

/**
 * A URL's filename without its query string and fragment (`https://shop.example/app.js?v=3#x` →
 * `https://shop.example/app.js`), as Sentry shows frames: a page opened with different query strings is one
 * file, so its errors are one issue with one culprit. `abs_path` keeps what was sent.
 */
export function withoutQuery(filename: string): string {
  return filename.includes('://') || filename.startsWith('/') ? filename.replace(/[?#].*$/s, '') : filename;
}
function frame(f: JsonObject): Frame | null {
  const lineno = f.lineno;
  if (typeof lineno !== 'number' || !Number.isSafeInteger(lineno) || lineno < 1) return null;
  const fn = str(f.function);
  const sentName = str(f.filename) || str(f.abs_path) || str(f.module) || '<unknown>';
  const filename = withoutQuery(sentName);
  // Built member by member in compact's order (no object of undefineds to copy): this runs for every frame.
  const out: JsonObject = { filename, lineno };
  if (fn && fn !== '?') out.function = fn;
  const colno = int(f.colno);
  if (colno !== undefined) out.colno = colno;
  // The URL as sent, query string included, when only the filename carried it (the browser SDK sends no abs_path).
  const absPath = str(f.abs_path) ?? (filename !== sentName ? sentName : undefined);
  if (absPath !== undefined) out.abs_path = absPath;
  if (typeof f.module === 'string') out.module = f.module;
  if (typeof f.package === 'string') out.package = f.package;
  if (typeof f.in_app === 'boolean') out.in_app = f.in_app;
  if (typeof f.platform === 'string') out.platform = f.platform;
  if (typeof f.context_line === 'string') out.context_line = f.context_line;
  const pre = lines(f.pre_context);
  if (pre) out.pre_context = pre;
  const post = lines(f.post_context);
  if (post) out.post_context = post;
  return out as Frame;
}

function framesOf(stacktrace: unknown): unknown[] {
  return isObject(stacktrace) && Array.isArray(stacktrace.frames) ? stacktrace.frames : [];
}

const hasFrames = (stacktrace: unknown) => framesOf(stacktrace).some(isObject);

/** Sentry frames are outermost first; ours are innermost first. The innermost MAX_FRAMES are kept. */
function ourFrames(stacktrace: unknown): Frame[] {
  // One pass from the innermost end: the last MAX_FRAMES objects, mapped, reversed.
  const sent = framesOf(stacktrace);
  const out: Frame[] = [];
  for (let i = sent.length - 1, taken = 0; i >= 0 && taken < MAX_FRAMES; i--) {
    const f = sent[i];
    if (!isObject(f)) continue;
    taken++;
    const mapped = frame(f);
    if (mapped) out.push(mapped);
  }
  return out;
}

/** Sentry lists `exception.values` oldest first (the last one was thrown); older SDKs send a bare array. */
function exceptionsOf(event: JsonObject): JsonObject[] {
  const exc = event.exception;
  const values = Array.isArray(exc) ? exc : isObject(exc) && Array.isArray(exc.values) ? exc.values : [];
  return values.filter(isObject);
}

function mechanism(v: unknown): JsonObject | undefined {
  if (!isObject(v)) return undefined;
  return compact({
    type: str(v.type) ?? 'generic',
    handled: bool(v.handled),
    synthetic: bool(v.synthetic),
    description: str(v.description),
    source: str(v.source),
    exception_id: int(v.exception_id),
    parent_id: int(v.parent_id),
  });
}

/** The chain below the thrown exception: its cause first, then the cause's cause… */
function causes(values: JsonObject[]): JsonObject[] | undefined {
  const older = values.slice(0, -1).reverse().slice(0, CAPS.chain);
  if (older.length === 0) return undefined;
  return older.map((e) => {
    const frames = ourFrames(e.stacktrace);
    return compact({
      type: scalarString(e.type) ?? 'Error',
      value: scalarString(e.value) ?? '',
      module: str(e.module),
      mechanism: mechanism(e.mechanism),
      stacktrace: frames.length > 0 ? { frames } : undefined,
    });
  });
}

const paramOf = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);

type Logentry = { message: string; params?: unknown[]; formatted?: string };
/** `logentry` (or the older `message` interface): the template, its params and the formatted text. */
function logentryOf(event: JsonObject): Logentry | undefined {
  for (const m of [event.logentry, event.message]) {
    if (!isObject(m)) continue;
    const template = str(m.message) ?? str(m.formatted);
    if (template === undefined) continue;
    const params = Array.isArray(m.params) ? m.params.slice(0, CAPS.params).map(paramOf) : undefined;
    const formatted = str(m.formatted) ?? formatMessage(template, params);
    return compact({ message: template, params: params && params.length > 0 ? params : undefined, formatted });
  }
  return undefined;
}

function messageText(event: JsonObject): string | undefined {
  const entry = logentryOf(event);
  if (entry) return entry.formatted ?? entry.message;
  return str(event.message) ?? str(event.logentry);
}

/** The crashed (else current, else first) thread's stack; sentry-go sends `threads` as a bare array. */
function threadStacktrace(event: JsonObject): unknown {
  const list = Array.isArray(event.threads)
    ? event.threads
    : isObject(event.threads) && Array.isArray(event.threads.values)
      ? event.threads.values
      : [];
  const threads = list.filter(isObject);
  return (threads.find((t) => t.crashed === true) ?? threads.find((t) => t.current === true) ?? threads[0])?.stacktrace;
}

function breadcrumb(b: JsonObject): JsonObject {
  // Member by member in compact's order: this runs for every breadcrumb.
  const out: JsonObject = { type: str(b.type) ?? 'default' };
  if (typeof b.category === 'string') out.category = b.category;
  if (typeof b.level === 'string') out.level = b.level;
  const message = scalarString(b.message);
  if (message !== undefined) out.message = message;
  const timestamp = b.timestamp === undefined ? undefined : sentryTimeToMs(b.timestamp);
  if (timestamp !== undefined) out.timestamp = timestamp;
  if (isObject(b.data)) out.data = b.data;
  return out;
}

function breadcrumbs(v: unknown): unknown {
  const list = Array.isArray(v) ? v : isObject(v) && Array.isArray(v.values) ? v.values : undefined;
  if (!list) return undefined;
  // The last MAX_BREADCRUMBS objects, in order, in one array.
  let start = list.length;
  for (let taken = 0; start > 0 && taken < MAX_BREADCRUMBS;) if (isObject(list[--start])) taken++;
  const out: JsonObject[] = [];
  for (let i = start; i < list.length; i++) {
    const b = list[i];
    if (isObject(b)) out.push(breadcrumb(b));
  }
  return out;
}

/** `user`, with the address of `request.env.REMOTE_ADDR` (Python's WSGI integration) when it names none. */
function user(v: unknown, request: unknown) {
  const u = isObject(v) ? v : {};
  const env = isObject(request) && isObject(request.env) ? request.env : {};
  const out = compact({
    id: scalarString(u.id),
    email: scalarString(u.email),
    username: scalarString(u.username),
    ip_address: str(u.ip_address) ?? str(env.REMOTE_ADDR),
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `a=1&b=2`, whether sent as a string, an object or `[[key, value], …]` pairs. */
function queryString(v: unknown): string | undefined {
  if (typeof v === 'string') return v.startsWith('?') ? v.slice(1) : v;
  const pairs = stringMap(v);
  return pairs ? new URLSearchParams(pairs).toString() : undefined;
}

/** Cookies as a map, whether sent as one `Cookie` header string or as pairs. */
function cookies(v: unknown): Record<string, string> | undefined {
  if (typeof v !== 'string') return stringMap(v);
  const out: Record<string, string> = {};
  for (const part of v.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function request(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({
    url: str(v.url),
    method: str(v.method),
    headers: stringMap(v.headers),
    query_string: queryString(v.query_string),
    cookies: cookies(v.cookies),
    data: v.data === null ? undefined : v.data,
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

function sdk(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({ name: str(v.name), version: str(v.version) });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `extra` keys in order while they fit in MAX_EXTRA_BYTES; the rest are dropped. */
function extra(v: unknown): JsonObject | undefined {
  if (!isObject(v)) return undefined;
  const out: JsonObject = {};
  let bytes = 2;
  for (const [k, val] of Object.entries(v)) {
    if (val === undefined) continue;
    const size = Buffer.byteLength(JSON.stringify(k)) + Buffer.byteLength(JSON.stringify(val)) + 2;
    if (bytes + size > MAX_EXTRA_BYTES) continue;
    bytes += size;
    out[k] = val;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function modules(v: unknown): Record<string, string> | undefined {
  if (!isObject(v)) return undefined;
  // The first CAPS.modules string entries, in order, read in place.
  const out: Record<string, string> = {};
  let n = 0;
  for (const k in v) {
    if (n >= CAPS.modules) break;
    const val = v[k];
    if (!Object.hasOwn(v, k) || typeof val !== 'string') continue;
    setOwn(out, k, val);
    n++;
  }
  return n > 0 ? out : undefined;
}

function fingerprint(v: unknown): unknown {
  if (!Array.isArray(v)) return v ?? undefined;
  const parts = v.map(scalarString).filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts : undefined;
}

/** Sentry event ids are 32 hex digits, sometimes sent as a dashed UUID. */
export function eventIdOf(v: unknown): unknown {
  return typeof v === 'string' ? v.replace(/-/g, '') : (v ?? undefined);
}

const orUndefined = (v: unknown) => (v === null ? undefined : v);

/** `message`: a message rather than an exception: no exception, or only a synthetic one (an SDK's `captureMessage` with a stack). */
export type MappedEvent = { json: JsonObject; stackless: boolean; message: boolean };

/**
 * A Sentry error or message event → our error envelope (unvalidated), with every field an engineer reads.
 * `stackless`: neither an exception nor a stack trace (captureMessage, logging): grouped by its message.
 */
export function errorEnvelopeFromSentry(event: JsonObject, fallbackEventId?: unknown): MappedEvent {
  const values = exceptionsOf(event);
  const exc = values.at(-1);
  const log = logentryOf(event);
  const type = exc ? (scalarString(exc.type) ?? 'Error') : 'Message';
  const value = exc ? (scalarString(exc.value) ?? '') : (messageText(event) ?? '<unlabeled event>');
  const stack =
    (exc && hasFrames(exc.stacktrace) ? exc.stacktrace : undefined) ?? event.stacktrace ?? threadStacktrace(event);
  const frames = ourFrames(stack);
  const stackless = !exc && frames.length === 0;
  const message = !exc || (isObject(exc.mechanism) && exc.mechanism.synthetic === true);
  // The envelope needs one frame; a stackless event's stays out of storage (see lib/ingest/items/events/ingest-units).
  if (frames.length === 0)
    frames.push({
      filename: str(event.culprit) || str(event.transaction) || str(event.logger) || '<unknown>',
      lineno: 1,
    });
  const json = compact({
    exception: compact({
      type,
      value,
      stacktrace: { frames },
      module: exc ? str(exc.module) : undefined,
      mechanism: exc ? mechanism(exc.mechanism) : undefined,
      causes: causes(values),
    }),
    level: level(event.level),
    timestamp: event.timestamp === undefined || event.timestamp === null ? undefined : sentryTimeToMs(event.timestamp),
    environment: scalarString(event.environment) ?? orUndefined(event.environment),
    release: scalarString(event.release) ?? orUndefined(event.release),
    user: user(event.user, event.request),
    breadcrumbs: breadcrumbs(event.breadcrumbs),
    tags: stringMap(event.tags),
    request: request(event.request),
    contexts: contextsOf(event.contexts, event.request),
    event_id: eventIdOf(event.event_id ?? fallbackEventId),
    fingerprint: fingerprint(event.fingerprint),
    logentry: log,
    platform: str(event.platform),
    logger: str(event.logger),
    server_name: str(event.server_name),
    transaction: str(event.transaction),
    sdk: sdk(event.sdk),
    extra: extra(event.extra),
    modules: modules(event.modules),
    debug_meta: isObject(event.debug_meta) ? event.debug_meta : undefined,
  });
  return { json, stackless, message };
}

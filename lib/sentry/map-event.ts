import { isObject, type JsonObject } from './parse-envelope';

// Sentry payloads are mapped leniently into our envelope shapes; lib/ingest/schemas.ts then decides
// (anything the mapping cannot make sense of is passed through so that validation names it).

const MAX_BREADCRUMBS = 100;
const MAX_TRANSACTION_NAME = 200;
const VITALS = ['lcp', 'cls', 'fcp', 'ttfb'] as const;
export type Vitals = Partial<Record<(typeof VITALS)[number], number>>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const scalarString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** Drops undefined members so the stored JSON carries only what was sent. */
function compact<T extends JsonObject>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
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
  const entries: [unknown, unknown][] = Array.isArray(v)
    ? v.filter((p): p is unknown[] => Array.isArray(p) && p.length >= 2).map((p) => [p[0], p[1]])
    : isObject(v)
      ? Object.entries(v)
      : [];
  const out: [string, string][] = [];
  for (const [k, val] of entries) {
    const key = scalarString(k);
    if (key === undefined || val === null || val === undefined) continue;
    out.push([key, scalarString(val) ?? JSON.stringify(val)]);
  }
  return out.length > 0 ? Object.fromEntries(out) : undefined;
}

const LEVELS: Record<string, string> = { fatal: 'fatal', critical: 'fatal', error: 'error', warning: 'warning', warn: 'warning', info: 'info', log: 'info', debug: 'debug' };

function level(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? (LEVELS[v.toLowerCase()] ?? v) : v;
}

type Frame = { filename: string; lineno: number; function?: string; colno?: number };

function frame(f: JsonObject): Frame | null {
  const lineno = f.lineno;
  if (typeof lineno !== 'number' || !Number.isSafeInteger(lineno) || lineno < 1) return null;
  const fn = str(f.function);
  return compact({
    filename: str(f.filename) || str(f.abs_path) || str(f.module) || '<unknown>',
    lineno,
    function: fn && fn !== '?' ? fn : undefined,
    colno: typeof f.colno === 'number' && Number.isSafeInteger(f.colno) ? f.colno : undefined,
  });
}

function framesOf(stacktrace: unknown): JsonObject[] {
  return isObject(stacktrace) && Array.isArray(stacktrace.frames) ? stacktrace.frames.filter(isObject) : [];
}

/** Sentry lists `exception.values` oldest first (the last one was thrown); older SDKs send a bare array. */
function thrownException(event: JsonObject): JsonObject | undefined {
  const exc = event.exception;
  const values = Array.isArray(exc) ? exc : isObject(exc) && Array.isArray(exc.values) ? exc.values : [];
  return values.filter(isObject).at(-1);
}

function messageOf(event: JsonObject): string | undefined {
  for (const m of [event.logentry, event.message]) {
    if (typeof m === 'string') return m;
    if (isObject(m)) {
      const text = str(m.formatted) ?? str(m.message);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

function threadStacktrace(event: JsonObject): unknown {
  const threads = isObject(event.threads) && Array.isArray(event.threads.values) ? event.threads.values.filter(isObject) : [];
  return (threads.find((t) => t.crashed === true) ?? threads.find((t) => t.current === true) ?? threads[0])?.stacktrace;
}

function breadcrumbs(v: unknown): unknown {
  const list = Array.isArray(v) ? v : isObject(v) && Array.isArray(v.values) ? v.values : undefined;
  if (!list) return undefined;
  return list
    .filter(isObject)
    .slice(-MAX_BREADCRUMBS)
    .map((b) =>
      compact({
        type: str(b.category) ?? str(b.type) ?? 'default',
        message: scalarString(b.message),
        timestamp: b.timestamp === undefined ? undefined : sentryTimeToMs(b.timestamp),
        data: isObject(b.data) ? b.data : undefined,
      }),
    );
}

function nameVersion(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({ name: scalarString(v.name), version: scalarString(v.version) });
  return Object.keys(out).length > 0 ? out : undefined;
}

function contexts(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({ browser: nameVersion(v.browser), os: nameVersion(v.os) });
  return Object.keys(out).length > 0 ? out : undefined;
}

function user(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({ id: scalarString(v.id), email: scalarString(v.email) });
  return Object.keys(out).length > 0 ? out : undefined;
}

function request(v: unknown) {
  if (!isObject(v)) return undefined;
  const out = compact({ url: str(v.url), method: str(v.method), headers: stringMap(v.headers) });
  return Object.keys(out).length > 0 ? out : undefined;
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

/** A Sentry error or message event → our error envelope (unvalidated). */
export function errorEnvelopeFromSentry(event: JsonObject, fallbackEventId?: unknown): JsonObject {
  const exc = thrownException(event);
  const type = exc ? (scalarString(exc.type) ?? 'Error') : 'Message';
  const value = exc ? (scalarString(exc.value) ?? '') : (messageOf(event) ?? '<unlabeled event>');
  const stack = (exc && framesOf(exc.stacktrace).length > 0 ? exc.stacktrace : undefined) ?? event.stacktrace ?? threadStacktrace(event);
  // Sentry frames are outermost first; ours are innermost first.
  const frames = framesOf(stack)
    .map(frame)
    .filter((f): f is Frame => f !== null)
    .reverse();
  if (frames.length === 0) frames.push({ filename: str(event.culprit) || str(event.transaction) || '<unknown>', lineno: 1 });

  return compact({
    exception: { type, value, stacktrace: { frames } },
    level: level(event.level),
    timestamp: event.timestamp === undefined || event.timestamp === null ? undefined : sentryTimeToMs(event.timestamp),
    environment: scalarString(event.environment) ?? orUndefined(event.environment),
    release: scalarString(event.release) ?? orUndefined(event.release),
    user: user(event.user),
    breadcrumbs: breadcrumbs(event.breadcrumbs),
    tags: stringMap(event.tags),
    request: request(event.request),
    contexts: contexts(event.contexts),
    event_id: eventIdOf(event.event_id ?? fallbackEventId),
    fingerprint: fingerprint(event.fingerprint),
  });
}

export function transactionName(v: unknown): string {
  const name = scalarString(v) || '<unlabeled transaction>';
  return name.length > MAX_TRANSACTION_NAME ? name.slice(0, MAX_TRANSACTION_NAME) : name;
}

/** Span and transaction times are seconds; our duration is milliseconds. */
export function durationMs(start: unknown, end: unknown): unknown {
  const s = sentryTimeToMs(start);
  const e = sentryTimeToMs(end);
  return typeof s === 'number' && typeof e === 'number' ? e - s : undefined;
}

export function vitalsFrom(read: (vital: (typeof VITALS)[number]) => unknown): Vitals {
  const out: Vitals = {};
  for (const v of VITALS) {
    const value = read(v);
    if (typeof value === 'number') out[v] = value;
  }
  return out;
}

/** A Sentry `transaction` event → our transaction envelope (unvalidated). */
export function transactionEnvelopeFromSentry(event: JsonObject): JsonObject {
  const trace = isObject(event.contexts) && isObject(event.contexts.trace) ? event.contexts.trace : {};
  const measurements = isObject(event.measurements) ? event.measurements : {};
  const vitals = vitalsFrom((v) => {
    const m = measurements[v];
    return isObject(m) ? m.value : undefined;
  });
  return compact({
    type: 'transaction',
    name: transactionName(event.transaction),
    duration: durationMs(event.start_timestamp, event.timestamp),
    timestamp: sentryTimeToMs(event.timestamp),
    status: str(trace.status),
    vitals: Object.keys(vitals).length > 0 ? vitals : undefined,
  });
}

// The error envelope's schema (./schemas.ts errorEnvelopeSchema) checked by hand for the common case (#51): zod's
// object, record and transform machinery was the largest single cost of an error event at ingest (a tenth of the
// server's CPU per event in bench:ingest's profiles). This reads an envelope of the usual shape into exactly what the
// schema's parse gives (the same copies, cuts, defaults and lower-cased event id); for anything else (a wrong type,
// a null, a value past a cap, a lenient field the schema would drop) it answers null and the caller asks zod, so
// every refusal and its message still come from the schema. tests: ./fast-error-envelope.test.ts compares the two.
import {
  CAPS,
  cut,
  fitContext,
  fitContexts,
  jsonBytes,
  MAX_TIMESTAMP_MS,
  MIN_TIMESTAMP_MS,
  type ErrorEnvelope,
} from './schemas';

type Obj = Record<string, unknown>;

/** Not this fast path's business: zod decides. */
class Unsure extends Error {}
const UNSURE = new Unsure();
const unsure = (): never => {
  throw UNSURE;
};

const isPlain = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj => (isPlain(v) ? v : unsure());
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : unsure());
/** `read` of every element, holes included (zod reads a hole as undefined). */
function each<T>(v: unknown, read: (x: unknown) => T): T[] {
  const list = arr(v);
  const out: T[] = new Array<T>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = read(list[i]);
  return out;
}
const str = (v: unknown): string => (typeof v === 'string' ? v : unsure());
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : unsure());
const int = (v: unknown): number => (Number.isSafeInteger(v) ? (v as number) : unsure());
const bool = (v: unknown): boolean => (typeof v === 'boolean' ? v : unsure());
const capped = (max: number) => (v: unknown) => cut(str(v), max);
const shortText = capped(CAPS.shortText);
const line = capped(CAPS.lineChars);
const contextValue = capped(CAPS.contextValueChars);

/** The schema's `scalar`: a string (cut), a number, a boolean or null. */
function scalar(v: unknown): string | number | boolean | null {
  if (typeof v === 'string') return contextValue(v);
  if (v === null || typeof v === 'boolean') return v;
  return num(v);
}

/** Sets `out[key]` to `read(src[key])` when `src` has it (an undefined member is left out, as JSON leaves it). */
function opt(out: Obj, src: Obj, key: string, read: (v: unknown) => unknown): void {
  const v = src[key];
  if (v !== undefined) out[key] = read(v);
}

/** A record (a new object, as zod's): every key a string, every value read by `value`. */
function record(v: unknown, value: (x: unknown) => unknown): Obj {
  const src = obj(v);
  const out: Obj = {};
  for (const k in src) {
    if (!Object.hasOwn(src, k)) continue;
    // zod's record skips this key; leave the odd case to it.
    if (k === '__proto__') unsure();
    out[k] = value(src[k]);
  }
  return out;
}
const same = (x: unknown) => x;

// Module-level readers, not closures per call: these run for every frame and breadcrumb.
const lastLines = (l: unknown) => {
  const lines = each(l, line);
  return lines.length > CAPS.contextLines ? lines.slice(-CAPS.contextLines) : lines;
};
const firstLines = (l: unknown) => {
  const lines = each(l, line);
  return lines.length > CAPS.contextLines ? lines.slice(0, CAPS.contextLines) : lines;
};
const anyRecord = (d: unknown) => record(d, same);

function frame(v: unknown): Obj {
  const f = obj(v);
  const lineno = int(f.lineno);
  if (lineno <= 0) unsure();
  const out: Obj = { filename: str(f.filename), lineno };
  opt(out, f, 'function', str);
  opt(out, f, 'colno', int);
  opt(out, f, 'abs_path', str);
  opt(out, f, 'module', shortText);
  opt(out, f, 'package', shortText);
  opt(out, f, 'in_app', bool);
  opt(out, f, 'platform', shortText);
  opt(out, f, 'context_line', line);
  opt(out, f, 'pre_context', lastLines);
  opt(out, f, 'post_context', firstLines);
  return out;
}

function mechanism(v: unknown): Obj {
  const m = obj(v);
  const out: Obj = { type: shortText(m.type) };
  opt(out, m, 'handled', bool);
  opt(out, m, 'synthetic', bool);
  opt(out, m, 'description', contextValue);
  opt(out, m, 'source', shortText);
  opt(out, m, 'exception_id', int);
  opt(out, m, 'parent_id', int);
  return out;
}

function chained(v: unknown): Obj {
  const e = obj(v);
  const out: Obj = { type: str(e.type), value: str(e.value) };
  opt(out, e, 'module', shortText);
  opt(out, e, 'mechanism', mechanism);
  opt(out, e, 'stacktrace', (s) => ({ frames: each(obj(s).frames, frame) }));
  return out;
}

function exception(v: unknown): Obj {
  const e = obj(v);
  const frames = each(obj(e.stacktrace).frames, frame);
  if (frames.length === 0) unsure();
  const out: Obj = { type: str(e.type), value: str(e.value), stacktrace: { frames } };
  opt(out, e, 'module', shortText);
  opt(out, e, 'mechanism', mechanism);
  opt(out, e, 'causes', (c) => {
    const list = each(c, chained);
    return list.length <= CAPS.chain ? list : unsure();
  });
  return out;
}

const LEVELS = new Set(['fatal', 'error', 'warning', 'info', 'debug']);
const IP = /^(?:[0-9a-fA-F:.]{2,45}|\{\{auto\}\})$/;
const EVENT_ID = /^[0-9a-f]{32}$/i;

function user(v: unknown): Obj {
  const u = obj(v);
  const out: Obj = {};
  opt(out, u, 'id', str);
  opt(out, u, 'email', str);
  opt(out, u, 'username', shortText);
  opt(out, u, 'ip_address', (ip) => (IP.test(str(ip)) ? ip : unsure()));
  return out;
}

function breadcrumb(v: unknown): Obj {
  const b = obj(v);
  const out: Obj = { type: str(b.type) };
  opt(out, b, 'message', str);
  opt(out, b, 'timestamp', num);
  opt(out, b, 'data', anyRecord);
  opt(out, b, 'category', shortText);
  opt(out, b, 'level', shortText);
  return out;
}

/** Under the cap in bytes of JSON, kept as it is (by reference, as zod keeps an unknown). */
const withinBytes = (x: unknown) => (x !== undefined && jsonBytes(x) <= CAPS.extraBytes ? x : unsure());

function request(v: unknown): Obj {
  const r = obj(v);
  const out: Obj = {};
  opt(out, r, 'url', str);
  opt(out, r, 'method', str);
  opt(out, r, 'headers', (h) => record(h, str));
  opt(out, r, 'query_string', contextValue);
  opt(out, r, 'cookies', (c) => record(c, str));
  opt(out, r, 'data', withinBytes);
  return out;
}

/** `browser` and `os`: a name and a version (strings) beside anything else, within the context's caps. */
function nameVersion(v: unknown): Obj {
  const src = obj(v);
  for (const k of ['name', 'version']) if (src[k] !== undefined) str(src[k]);
  return context(src);
}

/** Any other context: an object (zod decides the rest, a key it would skip included), within its caps. */
function context(v: unknown): Obj {
  const src = obj(v);
  if (Object.hasOwn(src, '__proto__')) unsure();
  return fitContext(src);
}

/** Every context, browser and os first as the schema's shape puts them, then the rest in the order sent. */
function contexts(v: unknown): Obj {
  const c = obj(v);
  if (Object.hasOwn(c, '__proto__')) unsure();
  const out: Obj = {};
  opt(out, c, 'browser', nameVersion);
  opt(out, c, 'os', nameVersion);
  for (const k in c) {
    if (!Object.hasOwn(c, k) || k === 'browser' || k === 'os' || c[k] === undefined) continue;
    out[k] = context(c[k]);
  }
  return fitContexts(out);
}

function logentry(v: unknown): Obj {
  const l = obj(v);
  const out: Obj = { message: cut(str(l.message), CAPS.messageChars) };
  opt(out, l, 'params', (p) => {
    const list = each(p, scalar);
    return list.length <= CAPS.params ? list : unsure();
  });
  opt(out, l, 'formatted', (f) => cut(str(f), CAPS.messageChars));
  return out;
}

function sdk(v: unknown): Obj {
  const s = obj(v);
  const out: Obj = {};
  opt(out, s, 'name', shortText);
  opt(out, s, 'version', shortText);
  return out;
}

function debugMeta(v: unknown): Obj {
  const images = arr(obj(v).images);
  if (images.length > CAPS.debugImages) unsure();
  return {
    images: each(images, (i) => {
      const img = obj(i);
      const out: Obj = {};
      opt(out, img, 'type', str);
      opt(out, img, 'code_file', str);
      out.debug_id = str(img.debug_id);
      return out;
    }),
  };
}

function envelope(json: unknown): Obj {
  const e = obj(json);
  const out: Obj = { exception: exception(e.exception) };
  const level = e.level === undefined ? 'error' : str(e.level);
  if (!LEVELS.has(level)) unsure();
  out.level = level;
  opt(out, e, 'timestamp', (t) => {
    const ms = num(t);
    return ms >= MIN_TIMESTAMP_MS && ms <= MAX_TIMESTAMP_MS ? ms : unsure();
  });
  opt(out, e, 'environment', str);
  opt(out, e, 'release', str);
  opt(out, e, 'user', user);
  opt(out, e, 'breadcrumbs', (b) => {
    const list = each(b, breadcrumb);
    return list.length <= 100 ? list : unsure();
  });
  opt(out, e, 'tags', (t) => record(t, str));
  opt(out, e, 'request', request);
  opt(out, e, 'contexts', contexts);
  opt(out, e, 'event_id', (id) => (EVENT_ID.test(str(id)) ? (id as string).toLowerCase() : unsure()));
  opt(out, e, 'fingerprint', (f) => {
    const parts = each(f, str);
    return parts.length > 0 ? parts : unsure();
  });
  opt(out, e, 'logentry', logentry);
  opt(out, e, 'platform', shortText);
  opt(out, e, 'logger', shortText);
  opt(out, e, 'server_name', shortText);
  opt(out, e, 'transaction', shortText);
  opt(out, e, 'sdk', sdk);
  opt(out, e, 'extra', (x) => withinBytes(record(x, same)));
  opt(out, e, 'modules', (m) => {
    const out = record(m, shortText);
    return Object.keys(out).length <= CAPS.modules ? out : unsure();
  });
  opt(out, e, 'debug_meta', debugMeta);
  return out;
}

/**
 * What `errorEnvelopeSchema.parse(json)` gives, when `json` is an envelope of the usual shape; null when zod must
 * decide (it may refuse it, or drop a lenient field this does not).
 */
export function fastErrorEnvelope(json: unknown): ErrorEnvelope | null {
  try {
    return envelope(json) as ErrorEnvelope;
  } catch (err) {
    if (err === UNSURE) return null;
    throw err;
  }
}

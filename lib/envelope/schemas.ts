import { z } from 'zod';

/** 2020-01-01T00:00:00Z: anything earlier is a timestamp in seconds or garbage. */
export const MIN_TIMESTAMP_MS = 1_577_836_800_000;
// 9999-12-31T23:59:59.999Z: later instants have no four-digit-year ISO form, which the database needs.
export const MAX_TIMESTAMP_MS = 253_402_300_799_999;

/** A time (ms) a stored row may carry: from the epoch up to MAX_TIMESTAMP_MS (spans, logs, OTLP records). */
export const storableTimeMs = (ms: unknown): ms is number =>
  typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIMESTAMP_MS;

/** A Sentry item's timestamp (seconds since the epoch, or an ISO text) in milliseconds; NaN when it is neither. */
export const sentryTimeMs = (v: unknown): number =>
  typeof v === 'number' ? v * 1000 : typeof v === 'string' ? Date.parse(v) : NaN;

export const timestampMs = z
  .number()
  .min(MIN_TIMESTAMP_MS, { message: `Must be milliseconds since the Unix epoch, at least ${MIN_TIMESTAMP_MS}` })
  .max(MAX_TIMESTAMP_MS, { message: 'Timestamp out of range' });

// Caps of the optional detail fields (beyond the spec): long values are cut, never refused. A field beyond
// the spec of the wrong type is dropped (`lenient`), so an envelope the spec accepts is never refused for it.
/** Characters kept of a tag key or value, and of a user key (the rollups and the issue search read them). */
export const MAX_TAG_LENGTH = 200;

export const CAPS = {
  contextLines: 5,
  lineChars: 200,
  shortText: 200,
  contextValueChars: 1000,
  contextKeys: 50,
  /** Bytes of JSON kept of one context (as of `extra`), and of all of an event's contexts together. */
  contextBytes: 16_384,
  contextsBytes: 65_536,
  contexts: 50,
  params: 50,
  chain: 10,
  modules: 500,
  extraBytes: 16_384,
  messageChars: 8192,
  debugImages: 200,
} as const;

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

/** A field beyond the spec: dropped (undefined) when it does not fit its schema. */
const lenient = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

const capped = (max: number) => z.string().transform((s) => cut(s, max));
const line = capped(CAPS.lineChars);
const shortText = capped(CAPS.shortText);
const scalar = z.union([capped(CAPS.contextValueChars), z.number(), z.boolean(), z.null()]);
const stringMap = z.record(z.string(), z.string());

const frameSchema = z.object({
  filename: z.string(),
  lineno: z.number().int().positive(),
  function: z.string().optional(),
  colno: z.number().int().optional(),
  // Beyond the spec: what Sentry SDKs send about a frame.
  abs_path: lenient(z.string()),
  module: lenient(shortText),
  /** The binary or archive holding the frame (native, JVM): Sentry's stack.package (#63). */
  package: lenient(shortText),
  in_app: lenient(z.boolean()),
  platform: lenient(shortText),
  context_line: lenient(line),
  pre_context: lenient(z.array(line).transform((l) => l.slice(-CAPS.contextLines))),
  post_context: lenient(z.array(line).transform((l) => l.slice(0, CAPS.contextLines))),
});
export type Frame = z.infer<typeof frameSchema>;

const breadcrumbSchema = z.object({
  type: z.string(),
  message: z.string().optional(),
  timestamp: z.number().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  // Beyond the spec: what Sentry SDKs say of a breadcrumb (`ui.click`, `console`…; `warning`, `error`…).
  category: lenient(shortText),
  level: lenient(shortText),
});

const nameVersion = z.object({ name: z.string().optional(), version: z.string().optional() });
/** A context as sent (nested values included), cut to fit its caps (fitContext). */
const contextSchema = z.record(z.string(), z.unknown()).transform(fitContext);

const mechanismSchema = z.object({
  type: shortText,
  handled: z.boolean().optional(),
  synthetic: z.boolean().optional(),
  description: capped(CAPS.contextValueChars).optional(),
  source: shortText.optional(),
  exception_id: z.number().int().optional(),
  parent_id: z.number().int().optional(),
});

/** An exception of the chain other than the thrown one; its frames may be absent. */
const chainedExceptionSchema = z.object({
  type: z.string(),
  value: z.string(),
  module: shortText.optional(),
  mechanism: mechanismSchema.optional(),
  stacktrace: z.object({ frames: z.array(frameSchema) }).optional(),
});

// A string JSON writes as it is between its quotes (printable ASCII but `"` and a backslash): its bytes are its length + 2.
const PLAIN_JSON_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Bytes of `v` as JSON (infinite when it cannot be serialized). */
export function jsonBytes(v: unknown): number {
  // The usual keys and values are counted without writing them (this runs for every key and value of every context).
  if (typeof v === 'string' && PLAIN_JSON_STRING.test(v)) return v.length + 2;
  if (typeof v === 'boolean') return v ? 4 : 5;
  if (v === null) return 4;
  try {
    return Buffer.byteLength(JSON.stringify(v));
  } catch {
    // Nesting too deep to serialize: over any cap (the depth check names it otherwise).
    return Number.POSITIVE_INFINITY;
  }
}

/** Sets `out[key]`, a sender's `__proto__` key included (as an own key, never the prototype). */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * One context within its caps, as `extra` is kept: its first CAPS.contextKeys keys, each top-level string cut to
 * CAPS.contextValueChars, keys in order while the context's JSON fits in CAPS.contextBytes (a value nested too deep
 * to serialize never fits). Nested values are kept as sent; the payload's depth limit applies to them.
 */
export function fitContext(context: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let bytes = 2;
  let keys = 0;
  for (const k in context) {
    if (!Object.hasOwn(context, k)) continue;
    const raw = context[k];
    if (raw === undefined) continue;
    if (keys >= CAPS.contextKeys) break;
    const v = typeof raw === 'string' ? cut(raw, CAPS.contextValueChars) : raw;
    const size = jsonBytes(k) + jsonBytes(v) + 2;
    if (bytes + size > CAPS.contextBytes) continue;
    bytes += size;
    keys++;
    setOwn(out, k, v);
  }
  // Its JSON's bytes (the count above has one comma too many), so fitContexts need not write it again.
  fittedBytes.set(out, keys > 0 ? bytes - 1 : 2);
  return out;
}

/** The JSON bytes of each context fitContext made. */
const fittedBytes = new WeakMap<object, number>();

/** An event's contexts within their caps: at most CAPS.contexts of them, in order while they fit in CAPS.contextsBytes. */
export function fitContexts(contexts: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  let bytes = 2;
  let n = 0;
  for (const name in contexts) {
    if (!Object.hasOwn(contexts, name)) continue;
    const c = contexts[name];
    if (typeof c !== 'object' || c === null || Array.isArray(c)) continue;
    if (n >= CAPS.contexts) break;
    const size = jsonBytes(name) + (fittedBytes.get(c) ?? jsonBytes(c)) + 2;
    if (bytes + size > CAPS.contextsBytes) continue;
    bytes += size;
    n++;
    setOwn(out, name, c);
  }
  return out;
}

export const errorEnvelopeSchema = z.object({
  exception: z.object({
    type: z.string(),
    value: z.string(),
    stacktrace: z.object({
      frames: z.array(frameSchema).min(1, { message: 'At least one frame is required' }),
    }),
    module: lenient(shortText),
    mechanism: lenient(mechanismSchema),
    /** The thrown exception's cause first, then the cause's cause… */
    causes: lenient(z.array(chainedExceptionSchema).max(CAPS.chain)),
  }),
  level: z.enum(['fatal', 'error', 'warning', 'info', 'debug']).default('error'),
  timestamp: timestampMs.optional(),
  environment: z.string().optional(),
  release: z.string().optional(),
  user: z
    .object({
      id: z.string().optional(),
      email: z.string().optional(),
      // Beyond the spec: kept unless the project drops IP addresses (lib/scrubbing); `{{auto}}` is the connection's.
      username: lenient(shortText),
      ip_address: lenient(z.string().regex(/^(?:[0-9a-fA-F:.]{2,45}|\{\{auto\}\})$/)),
    })
    .optional(),
  breadcrumbs: z.array(breadcrumbSchema).max(100, { message: 'At most 100 breadcrumbs' }).optional(),
  tags: stringMap.optional(),
  request: z
    .object({
      url: z.string().optional(),
      method: z.string().optional(),
      headers: stringMap.optional(),
      // Beyond the spec: what Sentry SDKs send of a request, scrubbed at ingest (lib/scrubbing).
      query_string: lenient(capped(CAPS.contextValueChars)),
      cookies: lenient(stringMap),
      data: lenient(z.unknown().refine((v) => v !== undefined && jsonBytes(v) <= CAPS.extraBytes)),
    })
    .optional(),
  // Every context sent (#58): browser and os name their browser and system in strings; any other context is kept
  // as sent, or dropped when it is not an object.
  contexts: z
    .object({
      browser: nameVersion.catchall(z.unknown()).transform(fitContext).optional(),
      os: nameVersion.catchall(z.unknown()).transform(fitContext).optional(),
    })
    .catchall(lenient(contextSchema))
    .transform(fitContexts)
    .optional(),
  event_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, { message: 'Must be 32 hexadecimal characters' })
    .transform((s) => s.toLowerCase())
    .optional(),
  fingerprint: z.array(z.string()).min(1, { message: 'At least one part is required' }).optional(),
  // Beyond the spec: the rest of what a Sentry event carries.
  logentry: lenient(
    z.object({
      message: capped(CAPS.messageChars),
      params: z.array(scalar).max(CAPS.params).optional(),
      formatted: capped(CAPS.messageChars).optional(),
    }),
  ),
  platform: lenient(shortText),
  logger: lenient(shortText),
  server_name: lenient(shortText),
  transaction: lenient(shortText),
  sdk: lenient(z.object({ name: shortText.optional(), version: shortText.optional() })),
  extra: lenient(z.record(z.string(), z.unknown()).refine((o) => jsonBytes(o) <= CAPS.extraBytes)),
  modules: lenient(z.record(z.string(), shortText).refine((o) => Object.keys(o).length <= CAPS.modules)),
  /** Debug IDs of the files on the stack (`sentry-cli sourcemaps inject`), used to find their source maps; not stored. */
  debug_meta: lenient(
    z.object({
      images: z
        .array(z.object({ type: z.string().optional(), code_file: z.string().optional(), debug_id: z.string() }))
        .max(CAPS.debugImages),
    }),
  ),
});

export const transactionEnvelopeSchema = z.object({
  type: z.literal('transaction'),
  name: z.string().min(1).max(200),
  duration: z.number().min(0),
  timestamp: timestampMs,
  status: z.string().default('ok'),
  vitals: z
    .object({
      lcp: z.number().min(0).optional(),
      cls: z.number().min(0).optional(),
      fcp: z.number().min(0).optional(),
      ttfb: z.number().min(0).optional(),
    })
    .optional(),
  // Beyond the spec (the transaction page's filter and samples); dropped when of the wrong type.
  environment: lenient(shortText),
  release: lenient(shortText),
  trace_id: lenient(
    z
      .string()
      .regex(/^[0-9a-f]{32}$/i)
      .transform((s) => s.toLowerCase()),
  ),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type TransactionEnvelope = z.infer<typeof transactionEnvelopeSchema>;

/** A transaction envelope is discriminated by `type: "transaction"`; anything else is an error envelope. */
export function envelopeKind(body: unknown): 'error' | 'transaction' {
  const isTransaction =
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { type?: unknown }).type === 'transaction';
  return isTransaction ? 'transaction' : 'error';
}

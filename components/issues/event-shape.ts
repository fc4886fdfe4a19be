import { z } from 'zod';

// Stored event JSON columns, read leniently: a field of an unexpected shape is shown as absent rather than breaking the page.
const lines = z.array(z.string());
const frame = z.object({
  filename: z.string(),
  lineno: z.number().optional(),
  colno: z.number().optional(),
  function: z.string().optional(),
  abs_path: z.string().optional().catch(undefined),
  module: z.string().optional().catch(undefined),
  in_app: z.boolean().optional().catch(undefined),
  context_line: z.string().optional().catch(undefined),
  pre_context: lines.optional().catch(undefined),
  post_context: lines.optional().catch(undefined),
  // The frame as the browser reported it, before its source map resolved it ("show minified").
  raw: z
    .object({
      filename: z.string(),
      lineno: z.number().optional(),
      colno: z.number().optional(),
      function: z.string().optional(),
    })
    .optional()
    .catch(undefined),
  // Why the frame stayed minified (no map for its debug ID or URL, a map that did not parse…).
  symbolication_error: z.string().optional().catch(undefined),
});
export type Frame = z.infer<typeof frame>;

const stacktrace = z.object({ frames: z.array(frame) });
/** Each context (browser, os, runtime, device… and any a team sets) maps keys to scalars or nested values. */
const contexts = z.record(z.string(), z.record(z.string(), z.unknown()).catch({}));
export type Contexts = z.infer<typeof contexts>;
/** The flags a feature-flag integration evaluated before the event (`contexts.flags.values`), oldest first. */
const flags = z.object({
  values: z.array(z.object({ flag: z.string(), result: z.unknown() }).nullable().catch(null)),
});
export type FlagEvaluation = { flag: string; result: unknown };
const breadcrumb = z.object({
  type: z.string(),
  category: z.string().optional().catch(undefined),
  level: z.string().optional().catch(undefined),
  message: z.string().optional(),
  timestamp: z.number().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Breadcrumb = z.infer<typeof breadcrumb>;
const stringMap = z.record(z.string(), z.string());
const user = z.object({
  id: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional().catch(undefined),
  ip_address: z.string().optional().catch(undefined),
});
const request = z.object({
  url: z.string().optional(),
  method: z.string().optional(),
  headers: stringMap.optional(),
  query_string: z.string().optional().catch(undefined),
  cookies: stringMap.optional().catch(undefined),
  data: z.unknown().optional(),
});
const mechanism = z.object({ type: z.string(), handled: z.boolean().optional(), source: z.string().optional() });
const exception = z.object({
  type: z.string(),
  value: z.string(),
  mechanism: mechanism.optional().catch(undefined),
  stacktrace: stacktrace.nullable().optional().catch(null),
});
export type ChainedException = z.infer<typeof exception>;
const logentry = z.object({ message: z.string(), params: z.array(z.unknown()).optional(), formatted: z.string() });
export type Logentry = z.infer<typeof logentry>;
const sdk = z.object({ name: z.string().optional(), version: z.string().optional() });
const security = z.object({ type: z.string(), report: z.record(z.string(), z.unknown()) });
export type SecurityReport = z.infer<typeof security>;
/** A performance issue's evidence (#62, lib/performance-issues/types.ts PerformanceEvidence). */
const evidenceSpan = z.object({
  spanId: z.string(),
  op: z.string(),
  description: z.string(),
  startMs: z.number(),
  durationMs: z.number(),
});
const performance = z.object({
  type: z.string(),
  transaction: z.string(),
  traceId: z.string(),
  group: z.string(),
  parent: z.object({ spanId: z.string(), op: z.string(), description: z.string() }).nullable().catch(null),
  spans: z.array(evidenceSpan),
  count: z.number(),
  totalMs: z.number(),
  savedMs: z.number().optional().catch(undefined),
});

const read = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
};

export function readEvent(e: {
  stacktrace: unknown;
  contexts: unknown;
  breadcrumbs: unknown;
  tags: unknown;
  userContext: unknown;
  request: unknown;
  exceptions?: unknown;
  logentry?: unknown;
  sdk?: unknown;
  extra?: unknown;
  modules?: unknown;
  security?: unknown;
  performance?: unknown;
}) {
  return {
    frames: read(stacktrace, e.stacktrace)?.frames ?? [],
    contexts: read(contexts, e.contexts),
    flags: (read(flags, (e.contexts as { flags?: unknown } | null)?.flags)?.values ?? []).filter(
      (f): f is FlagEvaluation => f !== null,
    ),
    breadcrumbs: read(z.array(breadcrumb), e.breadcrumbs) ?? [],
    tags: read(stringMap, e.tags) ?? {},
    user: read(user, e.userContext),
    request: read(request, e.request),
    exceptions: read(z.array(exception), e.exceptions),
    logentry: read(logentry, e.logentry),
    sdk: read(sdk, e.sdk),
    extra: read(z.record(z.string(), z.unknown()), e.extra),
    modules: read(stringMap, e.modules),
    security: read(security, e.security),
    performance: read(performance, e.performance),
  };
}

/** "TypeError: x is undefined" → "TypeError": an issue's title is built as "<type>: <value>". */
export function exceptionTypeOf(title: string) {
  const i = title.indexOf(': ');
  return i > 0 ? title.slice(0, i) : undefined;
}

// What a profile's frame is (#60): the app's own code, a library, the Sentry SDK's wrappers, the profiler itself, or
// the runtime. The flame graph collapses the SDK's, the profiler's and the runtime's runs of frames into one row and
// opens at the first in-app frame; the rankings (slowest functions, "Most self time") leave the profiler's own frames
// out, since that time is the measuring, not the app. Pure: the API and the pages both read it.

export type FrameKind = 'app' | 'library' | 'sdk' | 'profiler' | 'runtime';

export type FrameWhere = { file: string | null; module: string | null; inApp: boolean };

/** The sampler itself: @sentry/profiling-node's own build (not the SDK it bundles), its native binding, Python's. */
const PROFILER = [
  /(^|\/)node_modules\/@sentry\/node-cpu-profiler\//,
  /(^|\/)node_modules\/@sentry\/profiling-node\/(?!node_modules\/)/,
  /(^|\/)sentry_sdk\/profiler(\/|\.py$)/,
  /^sentry_sdk\.profiler(\.|$)/,
];

/** The SDKs' wrappers around the app's code (spans, scopes, instrumentation), in every language we take profiles of. */
const SDK = [
  /(^|\/)node_modules\/@sentry(-internal)?\//,
  /(^|\/)node_modules\/@opentelemetry\//,
  /(^|\/)sentry_sdk\//,
  /^sentry_sdk(\.|$)/,
  /getsentry\/sentry-go/,
  /(^|\/)sentry-ruby[^/]*\//,
];

/** Node's own modules and V8's entries ((root), (program), (idle), (garbage collector)). */
const RUNTIME = [/^node:/, /^internal\//];

/** V8's pseudo-frames: time, not functions; never ranked. */
export const PSEUDO_FRAMES: ReadonlySet<string> = new Set(['(root)', '(program)', '(idle)']);

export function frameKind(name: string, where: FrameWhere): FrameKind {
  if (where.inApp) return 'app';
  const paths = [where.file, where.module].filter((p): p is string => !!p);
  const any = (patterns: RegExp[]) => paths.some((p) => patterns.some((re) => re.test(p)));
  if (any(PROFILER)) return 'profiler';
  if (any(SDK)) return 'sdk';
  // A frame with no file and no module is native to the runtime (V8's `evaluate`, `(garbage collector)`).
  if (paths.length === 0 || any(RUNTIME) || /^\(.*\)$/.test(name)) return 'runtime';
  return 'library';
}

/** Kinds whose consecutive frames the flame graph folds into one row. */
export const isWrapper = (kind: FrameKind) => kind === 'sdk' || kind === 'profiler' || kind === 'runtime';

/** Whether a function belongs in a ranking by time: not the profiler measuring, not V8's pseudo-frames. */
export const isRanked = (name: string, kind: FrameKind) => kind !== 'profiler' && !PSEUDO_FRAMES.has(name);

/**
 * A function across its frames: name, module, file and in-app (a Python frame's line moves as it runs, and a V8
 * frame is stored once per line it was sampled at). The slowest-functions read merges by it, the flame graph too.
 */
export const functionKey = (name: string, where: FrameWhere) =>
  JSON.stringify([name, where.module, where.file, where.inApp]);

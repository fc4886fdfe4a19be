// Profiles (#47), in Sentry's sample format: a transaction `profile` item (version 1: samples timed from the
// profile's start, the transaction it belongs to) or a continuous-profiling `profile_chunk` (version 2: samples with
// absolute timestamps, cut into chunks of about a minute by the SDK, tied to transactions by their profiler id).
// Both are samples pointing at stacks (leaf first) pointing at frames. Read here into one row shape; a sample that
// points at no stack, a stack at no frame, an absurd time or a payload past the caps refuses the item, naming the
// field; a stack deeper than MAX_STACK_DEPTH keeps its outermost frames and is counted on the row. The frames of
// the SDK's own sampler at a stack's leaf are left out (they are the profiler's time, not the app's).
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';

/** A profile item's cap as sent: a busy minute of a Node process at 100 Hz is a few hundred KiB. */
export const PROFILE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_SAMPLES = 200_000;
const MAX_STACKS = 100_000;
const MAX_FRAMES = 100_000;
/** Deeper stacks keep their outermost frames (the leaf's callers stay in place). */
export const MAX_STACK_DEPTH = 1000;
/** The time one profile may span: a chunk is about a minute, a transaction profile at most 30 s in Sentry's SDKs. */
const MAX_SPAN_MS = 60 * 60 * 1000;
/** A profile's clock may be this far ahead of ours; before 2001 it is not a clock at all. */
const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
const MIN_TIME_MS = Date.UTC(2001, 0, 1);
const MAX_TEXT = 1024;

export type ProfileFrame = {
  function: string;
  module: string | null;
  file: string | null;
  line: number | null;
  col: number | null;
  inApp: boolean;
};

export type ProfileRow = {
  id: string;
  kind: 'transaction' | 'continuous';
  profilerId: string | null;
  traceId: string | null;
  transactionId: string | null;
  transaction: string | null;
  release: string | null;
  environment: string | null;
  platform: string;
  startedAt: Date;
  /** The last sample's time. */
  endedAt: Date;
  threads: { id: string; name: string | null }[];
  frames: ProfileFrame[];
  /** Leaf first, as sent: indexes into frames. */
  stacks: number[][];
  /** Milliseconds from startedAt, the stack's index and the thread's index of each sample, in time order. */
  samples: { t: number[]; stack: number[]; thread: number[] };
  /** A transaction profile's transaction, in ms from startedAt, and the thread it ran on. */
  window: { startMs: number; endMs: number; threadId: string | null } | null;
  /** Stacks cut at MAX_STACK_DEPTH frames. */
  truncatedStacks: number;
  /** Bundled JavaScript files and their debug IDs (debug_meta.images), for source maps. */
  images: { codeFile: string; debugId: string }[];
};

export type ProfileParse = { row: ProfileRow } | { invalid: FieldIssue[] };

const HEX32 = /^[0-9a-f]{32}$/;
const hex32 = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const s = v.replace(/-/g, '').toLowerCase();
  return HEX32.test(s) ? s : null;
};
const text = (v: unknown, max = MAX_TEXT): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1 ? v : null;
const threadKey = (v: unknown): string | null =>
  (typeof v === 'string' && v.length <= 64) || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : null;

class Refusal extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/** Whether a file belongs to the app: not a dependency, not the runtime's own. */
function inAppOf(file: string | null, module: string | null): boolean {
  const where = file ?? module;
  if (!where) return false;
  if (/(^|[/\\])(node_modules|site-packages|dist-packages|vendor|\.venv)([/\\]|$)/.test(where)) return false;
  if (/^(node:|internal[/:]|<|\[)/.test(where)) return false;
  if (/^\/usr\/(lib|local\/lib)\/python\d/.test(where)) return false;
  return true;
}

function frameOf(f: unknown, i: number): ProfileFrame {
  if (!isObject(f)) throw new Refusal(['profile', 'frames', i], 'A frame must be an object');
  const file = text(f.abs_path) ?? text(f.filename) ?? text(f.file);
  const mod = text(f.module) ?? text(f.package);
  const fn = text(f.function) ?? text(f.name) ?? text(f.instruction_addr) ?? '<anonymous>';
  const line = int(f.lineno) ?? int(f.line);
  return {
    function: fn === '' ? '<anonymous>' : fn,
    module: mod,
    file,
    line,
    col: int(f.colno),
    inApp: typeof f.in_app === 'boolean' ? f.in_app : inAppOf(file, mod),
  };
}

/** The SDK's own sampler (sentry-python's profiler.py takes each sample from inside itself): not the app's time. */
const SAMPLER = /sentry_sdk[/\\]profiler/;

function stacksOf(raw: unknown[], frames: ProfileFrame[]): { stacks: number[][]; truncated: number } {
  const frameCount = frames.length;
  let truncated = 0;
  const stacks = raw.map((s, i) => {
    if (!Array.isArray(s)) throw new Refusal(['profile', 'stacks', i], 'A stack must be a list of frame indexes');
    for (let j = 0; j < s.length; j++) {
      const f = s[j];
      if (typeof f !== 'number' || !Number.isInteger(f) || f < 0 || f >= frameCount)
        throw new Refusal(['profile', 'stacks', i, j], `Must point at one of the ${frameCount} frames`);
    }
    let leaf = 0;
    while (leaf < s.length - 1 && SAMPLER.test(frames[s[leaf] as number].file ?? '')) leaf++;
    const own = leaf ? (s as number[]).slice(leaf) : (s as number[]);
    if (own.length <= MAX_STACK_DEPTH) return own;
    truncated++;
    return own.slice(own.length - MAX_STACK_DEPTH);
  });
  return { stacks, truncated };
}

const nsToMs = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,19}$/.test(v) ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n >= 0 ? n / 1e6 : null;
};

function timeOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v * 1000 : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

function checkTime(ms: number, path: (string | number)[], now: number): void {
  if (ms < MIN_TIME_MS || ms > now + MAX_FUTURE_MS)
    throw new Refusal(path, 'Must be a time between 2001 and a day from now');
}

type Sample = { at: number; stack: number; thread: string };

/** The samples in time order, with what they point at checked; times in ms (absolute or from the start). */
function samplesOf(raw: unknown[], stackCount: number, timeOfSample: (s: JsonObject, i: number) => number): Sample[] {
  if (raw.length === 0) throw new Refusal(['profile', 'samples'], 'A profile needs at least one sample');
  const out: Sample[] = raw.map((s, i) => {
    if (!isObject(s)) throw new Refusal(['profile', 'samples', i], 'A sample must be an object');
    const stack = s.stack_id;
    if (typeof stack !== 'number' || !Number.isInteger(stack) || stack < 0 || stack >= stackCount)
      throw new Refusal(['profile', 'samples', i, 'stack_id'], `Must point at one of the ${stackCount} stacks`);
    const thread = threadKey(s.thread_id);
    if (thread === null) throw new Refusal(['profile', 'samples', i, 'thread_id'], 'Must be a thread id');
    return { at: timeOfSample(s, i), stack, thread };
  });
  out.sort((a, b) => a.at - b.at);
  if (out[out.length - 1].at - out[0].at > MAX_SPAN_MS)
    throw new Refusal(['profile', 'samples'], 'The samples may span at most an hour');
  return out;
}

function listOf(p: JsonObject, key: string, max: number): unknown[] {
  const v = p[key];
  if (!Array.isArray(v)) throw new Refusal(['profile', key], 'Must be a list');
  if (v.length > max) throw new Refusal(['profile', key], `At most ${max.toLocaleString('en-US')} entries`);
  return v;
}

function rowOf(
  payload: JsonObject,
  head: Omit<ProfileRow, 'startedAt' | 'endedAt' | 'threads' | 'frames' | 'stacks' | 'samples' | 'truncatedStacks'>,
  /** origin: the time sample times count from (null: they are absolute, the first sample starts the profile). */
  timing: { origin: number | null; timeOfSample: (s: JsonObject, i: number) => number },
): ProfileRow {
  const p = payload.profile;
  if (!isObject(p)) throw new Refusal(['profile'], 'Must be an object with samples, stacks and frames');
  const frames = listOf(p, 'frames', MAX_FRAMES).map(frameOf);
  const { stacks, truncated } = stacksOf(listOf(p, 'stacks', MAX_STACKS), frames);
  const samples = samplesOf(listOf(p, 'samples', MAX_SAMPLES), stacks.length, timing.timeOfSample);
  const meta = isObject(p.thread_metadata) ? p.thread_metadata : {};
  const threadIndex = new Map<string, number>();
  const threads: ProfileRow['threads'] = [];
  const t: number[] = [];
  const stack: number[] = [];
  const thread: number[] = [];
  const origin = timing.origin ?? 0;
  const start = timing.origin ?? samples[0].at;
  for (const s of samples) {
    let ti = threadIndex.get(s.thread);
    if (ti === undefined) {
      ti = threads.length;
      threadIndex.set(s.thread, ti);
      const m = meta[s.thread];
      threads.push({ id: s.thread, name: isObject(m) ? text(m.name, 200) : null });
    }
    t.push(Math.round((origin + s.at - start) * 1000) / 1000);
    stack.push(s.stack);
    thread.push(ti);
  }
  return {
    ...head,
    startedAt: new Date(start),
    endedAt: new Date(start + t[t.length - 1]),
    threads,
    frames,
    stacks,
    samples: { t, stack, thread },
    truncatedStacks: truncated,
  };
}

function imagesOf(payload: JsonObject): ProfileRow['images'] {
  const images = isObject(payload.debug_meta) ? payload.debug_meta.images : undefined;
  if (!Array.isArray(images)) return [];
  return images
    .slice(0, 1000)
    .filter(isObject)
    .map((i) => ({ codeFile: text(i.code_file, 2048), debugId: text(i.debug_id, 64) }))
    .filter((i): i is { codeFile: string; debugId: string } => i.codeFile !== null && i.debugId !== null);
}

function common(payload: JsonObject) {
  return {
    images: imagesOf(payload),
    release: text(payload.release, 200),
    environment: text(payload.environment, 64),
    platform: text(payload.platform, 64) ?? 'unknown',
  };
}

/** A `profile_chunk` (version 2): absolute sample times in seconds. */
function parseChunk(payload: JsonObject, now: number): ProfileRow {
  const id = hex32(payload.chunk_id);
  if (!id) throw new Refusal(['chunk_id'], 'Must be 32 hex characters');
  const profilerId = hex32(payload.profiler_id);
  if (!profilerId) throw new Refusal(['profiler_id'], 'Must be 32 hex characters');
  return rowOf(
    payload,
    {
      id,
      kind: 'continuous',
      profilerId,
      traceId: null,
      transactionId: null,
      transaction: null,
      window: null,
      ...common(payload),
    },
    {
      origin: null,
      timeOfSample: (s, i) => {
        const at = typeof s.timestamp === 'number' ? s.timestamp * 1000 : NaN;
        if (!Number.isFinite(at))
          throw new Refusal(['profile', 'samples', i, 'timestamp'], 'Must be seconds since 1970');
        checkTime(at, ['profile', 'samples', i, 'timestamp'], now);
        return at;
      },
    },
  );
}

/** A transaction `profile` (version 1, or before versions): times from its start, in nanoseconds. */
function parseTransactionProfile(payload: JsonObject, now: number): ProfileRow {
  const id = hex32(payload.event_id) ?? hex32(payload.profile_id);
  if (!id) throw new Refusal(['event_id'], 'Must be 32 hex characters');
  const origin = timeOf(payload.timestamp);
  if (origin === null) throw new Refusal(['timestamp'], 'Must be an RFC 3339 time');
  checkTime(origin, ['timestamp'], now);
  // Sentry's current SDKs send `transaction`; earlier ones a list of `transactions` (the first is the profile's).
  const tx = isObject(payload.transaction)
    ? payload.transaction
    : Array.isArray(payload.transactions) && isObject(payload.transactions[0])
      ? payload.transactions[0]
      : null;
  const startMs = tx ? nsToMs(tx.relative_start_ns) : null;
  const endMs = tx ? nsToMs(tx.relative_end_ns) : null;
  const row = rowOf(
    payload,
    {
      id,
      kind: 'transaction',
      profilerId: null,
      traceId: tx ? hex32(tx.trace_id) : null,
      transactionId: tx ? hex32(tx.id) : null,
      transaction: tx ? text(tx.name, 200) : null,
      window: null,
      ...common(payload),
    },
    {
      origin,
      timeOfSample: (s, i) => {
        const at = nsToMs(s.elapsed_since_start_ns);
        if (at === null || at > MAX_SPAN_MS)
          throw new Refusal(['profile', 'samples', i, 'elapsed_since_start_ns'], 'Must be nanoseconds under an hour');
        return at;
      },
    },
  );
  row.window = {
    startMs: startMs ?? 0,
    endMs: endMs ?? row.samples.t[row.samples.t.length - 1],
    threadId: tx ? threadKey(tx.active_thread_id) : null,
  };
  return row;
}

export function parseProfile({
  payload,
  type,
  path,
  now = Date.now(),
}: {
  payload: JsonObject;
  type: string;
  path: Path;
  now?: number;
}): ProfileParse {
  try {
    const v2 = type === 'profile_chunk' || String(payload.version) === '2';
    return { row: v2 ? parseChunk(payload, now) : parseTransactionProfile(payload, now) };
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return { invalid: [{ path: [...path, ...err.path], message: err.message }] };
  }
}

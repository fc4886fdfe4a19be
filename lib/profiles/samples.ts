// What a profile's samples say (#47), shared by the writer (per-function rollups) and the dashboard's reads (flame
// graphs), so both weigh a sample the same: the time until the thread's next sample, capped at twice its usual
// interval (a gap while the profiler was stopped or the thread idle is not time spent in the last stack).
// Stored form: the deflated JSON of StoredProfile, its stacks pointing at a local frame table of the project's
// deduplicated frame ids, its sample times as microsecond steps (they compress to almost nothing).
import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

export type StoredProfile = {
  threads: { id: string; name: string | null }[];
  /** The project's frame ids (profile_frames.id) the stacks point at. */
  frames: number[];
  /** Leaf first. */
  stacks: number[][];
  /** Per sample, in time order: ms from the profile's start, its stack and thread indexes. */
  t: number[];
  stack: number[];
  thread: number[];
  window: { startMs: number; endMs: number; threadId: string | null } | null;
  truncatedStacks: number;
};

type Encoded = Omit<StoredProfile, 't'> & { v: 1; dt: number[] };

export async function encodeProfile(p: StoredProfile): Promise<Buffer> {
  const dt: number[] = [];
  let prev = 0;
  for (const t of p.t) {
    const us = Math.round(t * 1000);
    dt.push(us - prev);
    prev = us;
  }
  const { t: _t, ...rest } = p;
  return deflateAsync(Buffer.from(JSON.stringify({ v: 1, ...rest, dt } satisfies Encoded)));
}

export async function decodeProfile(data: Buffer): Promise<StoredProfile> {
  const e = JSON.parse((await inflateAsync(data)).toString('utf8')) as Encoded;
  const t: number[] = [];
  let us = 0;
  for (const d of e.dt) t.push((us += d) / 1000);
  const { dt: _dt, v: _v, ...rest } = e;
  return { ...rest, t };
}

/** Each sample's weight in ms (see the file's head); a thread's only sample weighs 10 ms (Sentry's 100 Hz). */
export function sampleWeights(t: number[], thread: number[]): number[] {
  const byThread = new Map<number, number[]>();
  thread.forEach((th, i) => {
    const list = byThread.get(th);
    if (list) list.push(i);
    else byThread.set(th, [i]);
  });
  const w = new Array<number>(t.length).fill(0);
  for (const idx of byThread.values()) {
    const gaps = new Float64Array(idx.length);
    let n = 0;
    for (let k = 1; k < idx.length; k++) {
      const g = t[idx[k]] - t[idx[k - 1]];
      if (g > 0) gaps[n++] = g;
    }
    const usual = n ? gaps.subarray(0, n).sort()[n >> 1] : 10;
    for (let k = 0; k < idx.length; k++) {
      const gap = k + 1 < idx.length ? t[idx[k + 1]] - t[idx[k]] : usual;
      w[idx[k]] = Math.min(Math.max(gap, 0), 2 * usual);
    }
  }
  return w;
}

/** Call durations are counted in buckets a quarter of a power of two wide, from 0.1 ms. */
export const DURATION_BUCKETS = 96;
export const bucketOf = (ms: number): number =>
  ms <= 0.1 ? 0 : Math.min(DURATION_BUCKETS - 1, Math.floor(4 * Math.log2(ms / 0.1)) + 1);
/** A bucket's middle (geometric). */
export const bucketMs = (b: number): number => (b === 0 ? 0.1 : 0.1 * 2 ** ((b - 0.5) / 4));

/** The quantile of a bucket histogram, as a bucket's middle; null for an empty one. */
export function histogramQuantile(h: number[], q: number): number | null {
  const total = h.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let b = 0; b < h.length; b++) {
    seen += h[b];
    if (seen >= q * total) return bucketMs(b);
  }
  return bucketMs(h.length - 1);
}

export type FunctionStat = { selfMs: number; totalMs: number; calls: number; histogram: number[] };

/**
 * Per frame id: time at the top of the stack, time anywhere on it (once per sample, however deep it recurses), and
 * its calls: a call is a run of consecutive samples of one thread keeping the same path from the root down to the
 * function's outermost appearance; its duration is the run's weight. `functionOf` names each frame id's function
 * (lib/profiles/frame-kind.ts functionKey): a function stored as several frames (one per line it was sampled at)
 * then counts once per sample, on its outermost frame, so the sum over its frames is its time on the stack (#60:
 * without it a function recursing through two lines counted twice, 173 s of `<anonymous>` in 21 s of profiles).
 */
export function functionStats(
  p: StoredProfile,
  weights = sampleWeights(p.t, p.thread),
  functionOf?: ReadonlyMap<number, string>,
): Map<number, FunctionStat> {
  const stats = new Map<number, FunctionStat>();
  const stat = (id: number) => {
    let s = stats.get(id);
    if (!s) stats.set(id, (s = { selfMs: 0, totalMs: 0, calls: 0, histogram: [] }));
    return s;
  };
  const endCall = (id: number, ms: number) => {
    const s = stat(id);
    s.calls++;
    const b = bucketOf(ms);
    while (s.histogram.length <= b) s.histogram.push(0);
    s.histogram[b]++;
  };
  // Per thread: the previous sample's root-first frame ids and each open call's running duration.
  const open = new Map<number, { path: number[]; outer: boolean[]; running: number[] }>();
  const close = (o: { path: number[]; outer: boolean[]; running: number[] }, from: number) => {
    for (let d = from; d < o.path.length; d++) if (o.outer[d]) endCall(o.path[d], o.running[d]);
  };
  for (let i = 0; i < p.t.length; i++) {
    const w = weights[i];
    const leafFirst = p.stacks[p.stack[i]];
    const path = new Array<number>(leafFirst.length);
    for (let d = 0; d < leafFirst.length; d++) path[d] = p.frames[leafFirst[leafFirst.length - 1 - d]];
    const prev = open.get(p.thread[i]) ?? { path: [], outer: [], running: [] };
    let same = 0;
    while (same < path.length && same < prev.path.length && path[same] === prev.path[same]) same++;
    close(prev, same);
    const seen = new Set<number | string>();
    const outer: boolean[] = [];
    const running: number[] = [];
    for (let d = 0; d < path.length; d++) {
      const fn = functionOf?.get(path[d]) ?? path[d];
      const first = !seen.has(fn);
      seen.add(fn);
      outer.push(first);
      running.push((d < same ? prev.running[d] : 0) + w);
      if (first) stat(path[d]).totalMs += w;
    }
    if (path.length) stat(path[path.length - 1]).selfMs += w;
    open.set(p.thread[i], { path, outer, running });
  }
  for (const o of open.values()) close(o, 0);
  return stats;
}

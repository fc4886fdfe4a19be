// Stored profiles' samples read into a flame tree (#47): decoded once into a bounded cache (a stored profile never
// changes), cut to a time window on one thread, and weighed as the writer weighs them.
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { readPool } from '@/lib/replica';
import { FlameBuilder, type FlameNode, type FrameInfo } from './flame-tree';
import { decodeProfile, type StoredProfile } from './samples';

export type ProfileRef = { id: string; kind: string; startedAt: Date; data: Buffer };
/**
 * Profiles decoded lately, by project and id (a stored profile never changes): an aggregate read of a transaction's
 * 100 profiles decodes each once, and the next reads of the same period not at all. Bounded by samples held.
 */
const CACHE_SAMPLES = 2_000_000;
const decoded = new Map<string, { p: Promise<StoredProfile>; samples: number }>();
let cachedSamples = 0;
export function decode(projectId: string, r: ProfileRef): Promise<StoredProfile> {
  const key = `${projectId}/${r.id}`;
  const hit = decoded.get(key);
  if (hit) {
    decoded.delete(key);
    decoded.set(key, hit);
    return hit.p;
  }
  const entry = { p: decodeProfile(r.data), samples: 0 };
  decoded.set(key, entry);
  void entry.p.then(
    (p) => {
      entry.samples = p.t.length;
      cachedSamples += p.t.length;
      for (const [k, e] of decoded) {
        if (cachedSamples <= CACHE_SAMPLES || decoded.size <= 1) break;
        decoded.delete(k);
        cachedSamples -= e.samples;
      }
    },
    () => decoded.delete(key),
  );
  return entry.p;
}

/** The thread a span ran on when it does not say: the one named main, else the busiest. */
export function mainThread(p: StoredProfile): number {
  const named = p.threads.findIndex((t) => /^main(thread)?$/i.test(t.name ?? ''));
  if (named >= 0) return named;
  const counts = new Array<number>(p.threads.length).fill(0);
  for (const th of p.thread) counts[th]++;
  return counts.indexOf(Math.max(...counts));
}

/** The first index of sorted `t` at or after `x`. */
function lowerBound(t: number[], x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per thread: its usual sample interval (the median positive gap, as sampleWeights takes it), once per profile. */
const usualGaps = new WeakMap<StoredProfile, Map<number, number>>();
function usualGap(p: StoredProfile, thread: number): number {
  let m = usualGaps.get(p);
  if (!m) usualGaps.set(p, (m = new Map()));
  let usual = m.get(thread);
  if (usual === undefined) {
    const gaps = new Float64Array(p.t.length);
    let n = 0;
    let prev = -1;
    for (let i = 0; i < p.t.length; i++) {
      if (p.thread[i] !== thread) continue;
      if (prev >= 0 && p.t[i] - p.t[prev] > 0) gaps[n++] = p.t[i] - p.t[prev];
      prev = i;
    }
    usual = n ? gaps.subarray(0, n).sort()[n >> 1] : 10;
    m.set(thread, usual);
  }
  return usual;
}

/**
 * Adds the samples of `p` (its time 0 at `origin`, ms since 1970) inside [from, to) on one thread, weighed as
 * sampleWeights weighs them (the time to the thread's next sample, at most twice its usual interval), reading only
 * the window's samples: p.t is in time order.
 */
export function addSamples(
  b: FlameBuilder,
  p: StoredProfile,
  { origin, from, to, threadId }: { origin: number; from: number; to: number; threadId: string | null },
) {
  const thread = threadId === null ? mainThread(p) : p.threads.findIndex((t) => t.id === threadId);
  if (thread < 0) return;
  const usual = usualGap(p, thread);
  const end = lowerBound(p.t, to - origin);
  for (let i = lowerBound(p.t, from - origin); i < end; i++) {
    if (p.thread[i] !== thread) continue;
    let next = i + 1;
    while (next < p.t.length && p.thread[next] !== thread) next++;
    const gap = next < p.t.length ? p.t[next] - p.t[i] : usual;
    b.add(p.stacks[p.stack[i]], p.frames, Math.min(Math.max(gap, 0), 2 * usual));
  }
}

export async function treeOf(t: ProjectTenant, b: FlameBuilder): Promise<FlameNode> {
  const ids = b.frameIds();
  const { rows } = await readPool().query<FrameInfo & { id: string; in_app: boolean }>(
    'SELECT id, function, module, file, line, in_app FROM profile_frames WHERE project_id = $1 AND id = ANY($2::bigint[])',
    [t.projectId, ids],
  );
  return b.tree(new Map(rows.map((r) => [Number(r.id), { ...r, inApp: r.in_app }])));
}

export const PROFILE_COLUMNS = `id, kind, started_at AS "startedAt", data`;

// Per-frame totals of the slowest-functions read (#47) over a window of whole hours. The hours before the last two
// are settled (a chunk arrives within a minute of its samples): their sum is computed once per hour per process and
// kept, so a read sums only the last two hours and the figures not folded yet. Figures that arrive for a settled
// hour (an SDK's buffer replayed hours late) appear when the next hour's sum is computed, within the hour.
import { readPool } from '@/lib/replica';
import type { FrameInfo } from './flame-tree';

const HOUR_MS = 3_600_000;
/** Windows kept (project × window start): each a few hundred frames' figures. */
const CACHED_WINDOWS = 200;

export type FrameTotals = FrameInfo & {
  frameId: string;
  self: number;
  total: number;
  calls: number;
  latest: Date;
  /** The call-duration histogram, sparse: bucket numbers (1-based) and their counts. */
  buckets: number[];
  counts: number[];
  /** Example profile ids, most recent first. */
  examples: string[];
};

/** V8's own entries in a profile: time, not functions (garbage collection stays: a program causes it). */
const V8_PSEUDO_FRAMES = `('(root)', '(program)', '(idle)')`;

/**
 * Per frame over [from, to): time, calls, the duration histogram summed bucket by bucket in one set-based pass
 * (unnest), and example profiles (most recent first: by hour, then waiting before folded, newest first). The
 * hour rows, and with $4 the profiles' figures not folded into them yet (lib/ingest/items/profiles/function-fold.ts).
 */
const FRAME_TOTALS = `
WITH rows AS MATERIALIZED (
  SELECT frame_id, hour, 0::bigint AS seq, self_ms, total_ms, calls, histogram, examples
    FROM profile_function_hours WHERE project_id = $1 AND hour >= $2 AND ($3::timestamptz IS NULL OR hour < $3)
  UNION ALL
  SELECT u.f, p.hour, p.id, u.s, u.t, u.c, u.h::int[], ARRAY[p.profile_id]
    FROM profile_function_pending p, unnest(p.frame_ids, p.self_ms, p.total_ms, p.calls, p.histograms) AS u(f, s, t, c, h)
   WHERE $4 AND p.project_id = $1 AND p.hour >= $2 AND ($3::timestamptz IS NULL OR p.hour < $3)
), hist AS (
  SELECT frame_id, array_agg(b ORDER BY b) AS buckets, array_agg(n ORDER BY b) AS counts
    FROM (SELECT r.frame_id, u.b::int, sum(u.n)::int AS n
            FROM rows r, unnest(r.histogram) WITH ORDINALITY AS u(n, b) WHERE u.n <> 0 GROUP BY 1, 2) x
   GROUP BY frame_id
), sums AS (
  SELECT frame_id, sum(self_ms) AS self, sum(total_ms) AS total, sum(calls)::float8 AS calls, max(hour) AS latest,
         string_agg(array_to_string(examples, ','), ',' ORDER BY hour DESC, seq DESC) AS examples
    FROM rows GROUP BY frame_id
)
SELECT s.frame_id AS "frameId", f.function, f.module, f.file, f.line, f.in_app AS "inApp", s.self, s.total, s.calls,
       s.latest, coalesce(hist.buckets, '{}') AS buckets, coalesce(hist.counts, '{}') AS counts, s.examples
  FROM sums s JOIN profile_frames f ON f.id = s.frame_id LEFT JOIN hist USING (frame_id)
 WHERE f.function NOT IN ${V8_PSEUDO_FRAMES}`;

async function totals(projectId: string, from: Date, to: Date | null, pending: boolean): Promise<FrameTotals[]> {
  const { rows } = await readPool().query<Omit<FrameTotals, 'examples'> & { examples: string | null }>(FRAME_TOTALS, [
    projectId,
    from,
    to,
    pending,
  ]);
  return rows.map((r) => ({ ...r, examples: r.examples ? r.examples.split(',') : [] }));
}

const settledSums = new Map<string, Promise<FrameTotals[]>>();

/** The settled hours' sums, computed once per window start and end. */
function settled(projectId: string, from: Date, to: Date): Promise<FrameTotals[]> {
  const key = `${projectId} ${from.getTime()} ${to.getTime()}`;
  let sums = settledSums.get(key);
  if (!sums) {
    sums = totals(projectId, from, to, true);
    settledSums.set(key, sums);
    sums.catch(() => settledSums.delete(key));
    // Oldest first out: a Map iterates in insertion order.
    for (const k of settledSums.keys()) {
      if (settledSums.size <= CACHED_WINDOWS) break;
      settledSums.delete(k);
    }
  }
  return sums;
}

/** Two frames' figures over adjacent periods as one: `recent` is the later period. */
function merge(older: FrameTotals, recent: FrameTotals): FrameTotals {
  const hist = new Map<number, number>();
  for (const f of [older, recent]) f.buckets.forEach((b, i) => hist.set(b, (hist.get(b) ?? 0) + f.counts[i]));
  const buckets = [...hist.keys()].sort((a, b) => a - b);
  return {
    ...recent,
    self: older.self + recent.self,
    total: older.total + recent.total,
    calls: older.calls + recent.calls,
    latest: recent.latest,
    buckets,
    counts: buckets.map((b) => hist.get(b)!),
    examples: [...recent.examples, ...older.examples],
  };
}

/** Per frame since `from` (a whole hour) until now. */
export async function frameTotalsSince(projectId: string, from: Date): Promise<FrameTotals[]> {
  const split = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS);
  if (from >= split) return totals(projectId, from, null, true);
  const [older, recent] = await Promise.all([settled(projectId, from, split), totals(projectId, split, null, true)]);
  const byFrame = new Map(older.map((f) => [f.frameId, f]));
  for (const r of recent) {
    const o = byFrame.get(r.frameId);
    byFrame.set(r.frameId, o ? merge(o, r) : r);
  }
  return [...byFrame.values()];
}

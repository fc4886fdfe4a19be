// Cumulative OTLP streams as what they added (#61). An OpenTelemetry SDK exports counters and histograms with
// cumulative temporality by default: every export repeats the total since the stream started. Stored as sent, a
// minute's sum would add up the same requests again and again; so each point of a cumulative stream (a monotonic
// sum, a histogram) is stored as what it added since the stream's previous point: the value's difference, each
// bucket's, the count's and the sum's (min and max cover the whole stream's life: what was added has the new minimum
// when it went down, the new maximum when it went up, and otherwise unknown extremes). The previous point of each stream is kept in metric_streams, read and replaced in the
// writer's transaction. A point whose stream has no previous point, or restarted (another start time, a value or a
// bucket that went down), added everything it holds since its start. A point no later than the last one stored is a
// repeat (an exporter retrying an export that was stored): refused as `filtered: duplicate_point`.
import type pg from 'pg';
import type { Histogram } from '@/lib/metrics-store/types';
import type { MetricPoint } from './metric-point';

export type StreamState = { startMs: number; timeMs: number; value: number | null; histogram: Histogram | null };

/** Counts at `scale` folded to a coarser `to` scale (each bucket index shifted right by the difference). */
function downscale(side: { offset: number; counts: number[] }, by: number): Map<number, number> {
  const out = new Map<number, number>();
  side.counts.forEach((c, i) => {
    if (!c) return;
    const j = (side.offset + i) >> by;
    out.set(j, (out.get(j) ?? 0) + c);
  });
  return out;
}

/** `now - before` of one side of two exponential histograms at one scale; null when a bucket went down. */
function sideDelta(now: Map<number, number>, before: Map<number, number>): { offset: number; counts: number[] } | null {
  for (const [i, c] of before) if ((now.get(i) ?? 0) < c) return null;
  const keys = [...now.keys()].filter((i) => now.get(i)! > (before.get(i) ?? 0));
  if (keys.length === 0) return { offset: 0, counts: [] };
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  const counts: number[] = [];
  for (let i = lo; i <= hi; i++) counts.push((now.get(i) ?? 0) - (before.get(i) ?? 0));
  return { offset: lo, counts };
}

/**
 * The extremes of what was added: a cumulative minimum that went down (a maximum that went up) was recorded since;
 * one that did not is unknown (null).
 */
function addedExtremes(now: Histogram, before: Histogram): { min: number | null; max: number | null } {
  return {
    min: now.min !== null && before.min !== null && now.min < before.min ? now.min : null,
    max: now.max !== null && before.max !== null && now.max > before.max ? now.max : null,
  };
}

/** What `now` added since `before` (same stream); null when a count went down (a restart). */
export function histogramDelta(now: Histogram, before: Histogram): Histogram | null {
  if (now.count < before.count) return null;
  const extremes = addedExtremes(now, before);
  if (now.kind === 'explicit' && before.kind === 'explicit') {
    if (now.bounds.length !== before.bounds.length || now.bounds.some((b, i) => b !== before.bounds[i])) return null;
    const counts = now.counts.map((c, i) => c - (before.counts[i] ?? 0));
    if (counts.some((c) => c < 0)) return null;
    return { ...now, count: now.count - before.count, ...extremes, counts };
  }
  if (now.kind === 'exponential' && before.kind === 'exponential') {
    const scale = Math.min(now.scale, before.scale);
    const side = (h: Histogram & { kind: 'exponential' }, s: 'positive' | 'negative') =>
      downscale(h[s], h.scale - scale);
    const positive = sideDelta(side(now, 'positive'), side(before, 'positive'));
    const negative = sideDelta(side(now, 'negative'), side(before, 'negative'));
    const zeroCount = now.zeroCount - before.zeroCount;
    if (!positive || !negative || zeroCount < 0) return null;
    return { ...now, scale, count: now.count - before.count, ...extremes, zeroCount, positive, negative };
  }
  return null;
}

/**
 * The point to store for `p` given its stream's previous point (null when none): what it added, the whole point when
 * the stream is new or restarted, or 'repeat'; and the stream's state after it.
 */
export function deltaOf(
  p: MetricPoint,
  before: StreamState | null,
): { point: MetricPoint | 'repeat'; state: StreamState } {
  const start = p.cumulative!.startMs;
  const state: StreamState = { startMs: start, timeMs: p.timestampMs, value: p.value, histogram: p.histogram };
  const whole = { point: { ...p, cumulative: null }, state };
  if (!before || before.startMs !== start) return whole;
  if (p.timestampMs <= before.timeMs) return { point: 'repeat', state: before };
  if (p.histogram && before.histogram) {
    const histogram = histogramDelta(p.histogram, before.histogram);
    if (!histogram) return whole;
    const value = p.value !== null && before.value !== null ? p.value - before.value : null;
    return { point: { ...p, cumulative: null, histogram, value }, state };
  }
  if (p.value === null || before.value === null || p.value < before.value) return whole;
  return { point: { ...p, cumulative: null, value: p.value - before.value }, state };
}

/**
 * Each point of `points` (of the projects numbered in `projects`, one per point) as stored: itself, or for a
 * cumulative point what it added (or 'repeat'), reading and replacing its stream's previous point in the caller's
 * transaction.
 */
export async function applyCumulative(
  client: pg.ClientBase,
  { points, projects }: { points: MetricPoint[]; projects: number[] },
): Promise<(MetricPoint | 'repeat')[]> {
  const idx = points.flatMap((p, i) => (p.cumulative ? [i] : []));
  if (idx.length === 0) return points;
  const keyOf = (i: number) => `${projects[i]}:${points[i].cumulative!.stream}`;
  const streams = [...new Map(idx.map((i) => [keyOf(i), i])).values()].sort((a, b) =>
    projects[a] !== projects[b]
      ? projects[a] - projects[b]
      : BigInt(points[a].cumulative!.stream) < BigInt(points[b].cumulative!.stream)
        ? -1
        : 1,
  );
  const sp = streams.map((i) => projects[i]);
  const ids = streams.map((i) => points[i].cumulative!.stream);
  // A new stream's row is made first, so two writers of its first points wait for each other on its lock.
  await client.query(
    `INSERT INTO metric_streams (project, stream, start_ms, time_ms, state)
     SELECT p, s, -1, -1, '{}' FROM unnest($1::int[], $2::bigint[]) AS u(p, s) ON CONFLICT (project, stream) DO NOTHING`,
    [sp, ids],
  );
  const { rows } = await client.query<{
    project: number;
    stream: string;
    start_ms: number;
    time_ms: number;
    state: StreamState;
  }>(
    `SELECT m.project, m.stream::text, m.start_ms, m.time_ms, m.state FROM metric_streams m
     JOIN unnest($1::int[], $2::bigint[]) AS u(p, s) ON m.project = u.p AND m.stream = u.s
     ORDER BY m.project, m.stream FOR UPDATE OF m`,
    [sp, ids],
  );
  const states = new Map<string, StreamState | null>(
    rows.map((r) => [
      `${r.project}:${r.stream}`,
      r.time_ms < 0 ? null : { ...r.state, startMs: r.start_ms, timeMs: r.time_ms },
    ]),
  );
  // In time order per stream, whatever order the export listed them in.
  idx.sort((a, b) => points[a].timestampMs - points[b].timestampMs);
  const out: (MetricPoint | 'repeat')[] = [...points];
  for (const i of idx) {
    const { point, state } = deltaOf(points[i], states.get(keyOf(i)) ?? null);
    states.set(keyOf(i), state);
    out[i] = point;
  }
  const changed = streams.map((i) => states.get(keyOf(i))!);
  await client.query(
    `UPDATE metric_streams m SET start_ms = u.start_ms, time_ms = u.time_ms, state = u.state, updated_at = now()
     FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[], $5::jsonb[]) AS u(p, s, start_ms, time_ms, state)
     WHERE m.project = u.p AND m.stream = u.s`,
    [
      sp,
      ids,
      changed.map((s) => s.startMs),
      changed.map((s) => s.timeMs),
      changed.map((s) => JSON.stringify({ value: s.value, histogram: s.histogram })),
    ],
  );
  return out;
}

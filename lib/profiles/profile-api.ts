// The Profiling API (#47): flame graphs of the samples inside one span's time window (a continuous profiler's
// chunks cut by time and thread, or the transaction profile aligned on its transaction), of a transaction name over
// a period, and of one whole profile; the project's slowest functions (from the hourly rollups the writer keeps);
// the list of profiles; one profile in Sentry's sample format, for export.
import { z } from 'zod';
import { badRequest, notFound } from '@/lib/errors';
import { clampedInt } from '@/lib/zod/query';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { readPool } from '@/lib/replica';
import { spanIdSql, transactionKey } from '@/lib/traces/span-keys';
import { decodeProfile, histogramQuantile, type StoredProfile } from './samples';
import { SPAN_ROWS, STORED_SPAN_COLUMNS, spansOfRows } from '@/lib/traces/trace-api';
import { FlameBuilder, type FlameNode, type FrameInfo } from './flame-tree';
import { frameTotalsSince, type FrameTotals } from './function-totals';

const DAY_MS = 86_400_000;
/** Profiled transactions a transaction name's aggregate reads (the most recent of the period). */
const AGGREGATE_TRANSACTIONS = 100;

const hexId = (n: number, what: string) =>
  z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(new RegExp(`^[0-9a-f]{${n}}$`), `${what} is ${n} hex characters`));

export const flamegraphQuery = z.object({
  traceId: hexId(32, 'A trace id').optional(),
  spanId: hexId(16, 'A span id').optional(),
  transaction: z.string().trim().min(1).max(200).optional(),
  days: clampedInt(7, 1, 90),
});
export const functionsQuery = z.object({
  days: clampedInt(7, 1, 90),
  limit: clampedInt(50, 1, 200),
  sort: z
    .enum(['self', 'total', 'p75', 'count'], { message: 'sort must be self, total, p75 or count' })
    .default('self'),
  inApp: z.enum(['true', 'false'], { message: 'inApp must be true or false' }).optional(),
});
export const listProfilesQuery = z.object({
  days: clampedInt(7, 1, 90),
  transaction: z.string().trim().min(1).max(200).optional(),
});
export const profileParams = z.object({ projectId: z.string().min(1), profileId: hexId(32, 'A profile id') });
export const profileQuery = z.object({ threadId: z.string().max(64).optional() });

async function ownProject(t: ProjectTenant): Promise<void> {
  const { rowCount } = await readPool().query('SELECT 1 FROM projects WHERE id = $1 AND org_id = $2', [
    t.projectId,
    t.orgId,
  ]);
  if (!rowCount) throw notFound('Project');
}

type ProfileRef = { id: string; kind: string; startedAt: Date; data: Buffer };
/**
 * Profiles decoded lately, by project and id (a stored profile never changes): an aggregate read of a transaction's
 * 100 profiles decodes each once, and the next reads of the same period not at all. Bounded by samples held.
 */
const CACHE_SAMPLES = 2_000_000;
const decoded = new Map<string, { p: Promise<StoredProfile>; samples: number }>();
let cachedSamples = 0;
function decode(projectId: string, r: ProfileRef): Promise<StoredProfile> {
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
function mainThread(p: StoredProfile): number {
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
function addSamples(
  b: FlameBuilder,
  p: StoredProfile,
  origin: number,
  from: number,
  to: number,
  threadId: string | null,
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

async function treeOf(t: ProjectTenant, b: FlameBuilder): Promise<FlameNode> {
  const ids = b.frameIds();
  const { rows } = await readPool().query<FrameInfo & { id: string; in_app: boolean }>(
    'SELECT id, function, module, file, line, in_app FROM profile_frames WHERE project_id = $1 AND id = ANY($2::bigint[])',
    [t.projectId, ids],
  );
  return b.tree(new Map(rows.map((r) => [Number(r.id), { ...r, inApp: r.in_app }])));
}

const PROFILE_COLUMNS = `id, kind, started_at AS "startedAt", data`;

type SpanRow = {
  start: Date;
  durationMs: number;
  transaction: string;
  profilerId: string | null;
  threadId: string | null;
};

async function spanOf(t: ProjectTenant, traceId: string, spanId: string) {
  // The trace's spans in this project (a span's data is in its row's bags, #51).
  const { rows } = await readPool().query(
    `SELECT ${STORED_SPAN_COLUMNS}
       FROM ${SPAN_ROWS} WHERE b.project = (SELECT number FROM projects WHERE id = $1) AND b.trace_id = $2::uuid LIMIT 10000`,
    [t.projectId, traceId],
  );
  const spans = spansOfRows(rows, new Map());
  const found = spans.find((s) => s.spanId === spanId);
  if (!found) throw notFound('Span');
  const asRow = (s: (typeof spans)[number]): SpanRow => {
    const d = (s.data ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
    return {
      start: s.start,
      durationMs: s.durationMs,
      transaction: s.transaction,
      profilerId: text(d['sentry.profiler_id']) ?? text(d['profiler_id']),
      threadId: text(d['thread.id']),
    };
  };
  const span = asRow(found);
  const seg = spans.find((s) => s.spanId === found.segmentId);
  return { span, segment: seg ? asRow(seg) : span };
}

/** The samples inside one span (a transaction's root span: the whole transaction). */
export async function spanFlamegraph(t: ProjectTenant, traceId: string, spanId: string) {
  await ownProject(t);
  const { span, segment } = await spanOf(t, traceId, spanId);
  const from = span.start.getTime();
  const to = from + span.durationMs;
  const profilerId = span.profilerId ?? segment.profilerId;
  let threadId = span.threadId ?? segment.threadId;
  const b = new FlameBuilder();
  const used: { id: string; kind: string }[] = [];
  if (profilerId) {
    // A chunk spans at most an hour: the bound keeps the index scan short.
    const { rows } = await readPool().query<ProfileRef>(
      `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND profiler_id = $2
          AND started_at < $4 AND ended_at >= $3 AND started_at > $3::timestamptz - interval '1 hour' ORDER BY started_at`,
      [t.projectId, profilerId, new Date(from), new Date(to)],
    );
    for (const r of rows) {
      addSamples(b, await decode(t.projectId, r), r.startedAt.getTime(), from, to, threadId);
      used.push({ id: r.id, kind: r.kind });
    }
  } else {
    // A transaction profile: of this trace and transaction, its time 0 where its transaction started.
    const { rows } = await readPool().query<ProfileRef>(
      `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND trace_id = $2 AND kind = 'transaction'
          AND (transaction = $3 OR transaction IS NULL) ORDER BY abs(extract(epoch FROM started_at - $4::timestamptz)) LIMIT 1`,
      [t.projectId, traceId, segment.transaction, segment.start],
    );
    for (const r of rows) {
      const p = await decode(t.projectId, r);
      const origin = p.window ? segment.start.getTime() - p.window.startMs : r.startedAt.getTime();
      threadId ??= p.window?.threadId ?? null;
      addSamples(b, p, origin, from, to, threadId);
      used.push({ id: r.id, kind: r.kind });
    }
  }
  return {
    kind: 'span' as const,
    traceId,
    spanId,
    transaction: span.transaction,
    start: new Date(from).toISOString(),
    end: new Date(to).toISOString(),
    threadId,
    profiles: used,
    sampleCount: b.sampleCount,
    root: await treeOf(t, b),
  };
}

/** The samples of a transaction name's most recent profiled transactions in the period, merged. */
export async function transactionFlamegraph(t: ProjectTenant, transaction: string, days: number) {
  await ownProject(t);
  const since = new Date(Date.now() - days * DAY_MS);
  const b = new FlameBuilder();
  const { rows: own } = await readPool().query<ProfileRef>(
    `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND kind = 'transaction' AND transaction = $2
        AND started_at >= $3 ORDER BY started_at DESC LIMIT ${AGGREGATE_TRANSACTIONS}`,
    [t.projectId, transaction, since],
  );
  for (const r of own) {
    const p = await decode(t.projectId, r);
    const w = p.window ?? { startMs: 0, endMs: Infinity, threadId: null };
    const at = r.startedAt.getTime();
    addSamples(b, p, at, at + w.startMs, at + w.endMs, w.threadId);
  }
  // Transactions a continuous profiler sampled: their root spans name it.
  const { rows: segments } = await readPool().query<SpanRow>(
    `SELECT b.starts[b.segment_index] AS start, b.durations[b.segment_index] AS "durationMs", b.transaction,
            d ->> 'sentry.profiler_id' AS "profilerId", d ->> 'thread.id' AS "threadId"
       FROM spans b, LATERAL (SELECT b.data -> ${spanIdSql('b.span_ids[b.segment_index]')} AS d) bag
      WHERE b.txn_key = $5 AND b.project = (SELECT number FROM projects WHERE id = $1) AND b.transaction = $2
        AND b.received_at >= $3 AND b.segment_index IS NOT NULL AND d ->> 'sentry.profiler_id' IS NOT NULL
      ORDER BY b.received_at DESC LIMIT $4`,
    [t.projectId, transaction, since, AGGREGATE_TRANSACTIONS - own.length, transactionKey(t.projectId, transaction)],
  );
  if (segments.length) {
    const { rows: chunks } = await readPool().query<ProfileRef & { profilerId: string; endedAt: Date }>(
      `SELECT DISTINCT ON (p.id) p.id, p.kind, p.started_at AS "startedAt", p.ended_at AS "endedAt", p.profiler_id AS "profilerId", p.data
         FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(pid, s, e)
         JOIN profiles p ON p.project_id = $1 AND p.profiler_id = w.pid AND p.started_at < w.e AND p.ended_at >= w.s
                        AND p.started_at > w.s - interval '1 hour'`,
      [
        t.projectId,
        segments.map((s) => s.profilerId),
        segments.map((s) => s.start),
        segments.map((s) => new Date(s.start.getTime() + s.durationMs)),
      ],
    );
    for (const s of segments) {
      const from = s.start.getTime();
      const to = from + s.durationMs;
      for (const c of chunks)
        if (c.profilerId === s.profilerId && c.startedAt.getTime() < to && c.endedAt.getTime() >= from)
          addSamples(b, await decode(t.projectId, c), c.startedAt.getTime(), from, to, s.threadId);
    }
  }
  return {
    kind: 'transaction' as const,
    transaction,
    days,
    profileCount: own.length + segments.length,
    sampleCount: b.sampleCount,
    root: await treeOf(t, b),
  };
}

export async function flamegraph(t: ProjectTenant, q: z.infer<typeof flamegraphQuery>) {
  if (q.traceId && q.spanId) return spanFlamegraph(t, q.traceId, q.spanId);
  if (q.transaction) return transactionFlamegraph(t, q.transaction, q.days);
  throw badRequest('Give traceId and spanId (one span), or transaction (a transaction name)');
}

/** The functions that took the most time: self, total, the p75 of one call, calls, example profiles. */
export async function slowestFunctions(t: ProjectTenant, q: z.infer<typeof functionsQuery>) {
  await ownProject(t);
  const from = new Date(Math.floor((Date.now() - q.days * DAY_MS) / 3_600_000) * 3_600_000);
  const inApp = q.inApp === undefined ? null : q.inApp === 'true';
  const rows = (await frameTotalsSince(t.projectId, from)).filter((r) => inApp === null || r.inApp === inApp);
  // A function is its name, module and file (a Python frame's line moves as it runs): its frames merged.
  const byFunction = new Map<string, FrameTotals[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.function, r.module, r.file, r.inApp]);
    const list = byFunction.get(key);
    if (list) list.push(r);
    else byFunction.set(key, [r]);
  }
  const functions = [...byFunction.values()].map((frames) => {
    frames.sort((a, b) => b.latest.getTime() - a.latest.getTime());
    const histogram: number[] = [];
    for (const f of frames)
      f.buckets.forEach((b, i) => {
        while (histogram.length < b) histogram.push(0);
        histogram[b - 1] += f.counts[i];
      });
    const sum = (k: 'self' | 'total') => frames.reduce((n, f) => n + Number(f[k]), 0);
    const first = frames[0];
    const lines = frames.map((f) => f.line).filter((l): l is number => l !== null);
    return {
      frameId: Math.min(...frames.map((f) => Number(f.frameId))),
      name: first.function,
      module: first.module,
      file: first.file,
      line: lines.length ? Math.min(...lines) : null,
      inApp: first.inApp,
      selfMs: Math.round(sum('self') * 1000) / 1000,
      totalMs: Math.round(sum('total') * 1000) / 1000,
      p75Ms: Math.round((histogramQuantile(histogram, 0.75) ?? 0) * 1000) / 1000,
      count: frames.reduce((n, f) => n + Number(f.calls), 0),
      examples: [...new Set(frames.flatMap((f) => f.examples))].slice(0, 5),
    };
  });
  const key = { p75: 'p75Ms', self: 'selfMs', total: 'totalMs', count: 'count' } as const;
  const by = key[q.sort];
  functions.sort((a, b) => b[by] - a[by] || b.selfMs - a.selfMs);
  return { days: q.days, functions: functions.slice(0, q.limit) };
}

type ListRow = {
  id: string;
  kind: string;
  transaction: string | null;
  traceId: string | null;
  release: string | null;
  environment: string | null;
  platform: string;
  startedAt: Date;
  endedAt: Date;
  sampleCount: number;
  size: number;
  profilerId: string | null;
  transactionId: string | null;
};
const LIST_COLUMNS = `id, kind, transaction, trace_id AS "traceId", transaction_id AS "transactionId", release, environment, platform, started_at AS "startedAt",
  ended_at AS "endedAt", sample_count AS "sampleCount", size, profiler_id AS "profilerId"`;

const summary = (r: ListRow) => ({
  id: r.id,
  kind: r.kind,
  transaction: r.transaction,
  traceId: r.traceId,
  transactionId: r.transactionId,
  profilerId: r.profilerId,
  release: r.release,
  environment: r.environment,
  platform: r.platform,
  start: r.startedAt.toISOString(),
  durationMs: r.endedAt.getTime() - r.startedAt.getTime(),
  sampleCount: r.sampleCount,
  size: r.size,
});

export async function listProfiles(t: ProjectTenant, q: z.infer<typeof listProfilesQuery>) {
  await ownProject(t);
  const { rows } = await readPool().query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM profiles WHERE project_id = $1 AND started_at >= $2 AND ($3::text IS NULL OR transaction = $3)
      ORDER BY started_at DESC LIMIT 100`,
    [t.projectId, new Date(Date.now() - q.days * DAY_MS), q.transaction ?? null],
  );
  return { profiles: rows.map(summary) };
}

async function findProfile(t: ProjectTenant, profileId: string) {
  await ownProject(t);
  const { rows } = await readPool().query<ListRow & { data: Buffer }>(
    `SELECT ${LIST_COLUMNS}, data FROM profiles WHERE project_id = $1 AND id = $2`,
    [t.projectId, profileId],
  );
  if (rows.length === 0) throw notFound('Profile');
  return { row: rows[0], p: await decodeProfile(rows[0].data) };
}

/** One whole profile on one thread (its transaction's, else the main one, else the one asked for). */
export async function getProfile(t: ProjectTenant, profileId: string, threadId?: string) {
  const { row, p } = await findProfile(t, profileId);
  const counts = new Array<number>(p.threads.length).fill(0);
  for (const th of p.thread) counts[th]++;
  const chosen = threadId ?? p.window?.threadId ?? p.threads[mainThread(p)]?.id ?? null;
  if (threadId !== undefined && !p.threads.some((x) => x.id === threadId)) throw notFound('Thread');
  const b = new FlameBuilder();
  addSamples(b, p, 0, -Infinity, Infinity, chosen);
  return {
    ...summary(row),
    truncatedStacks: p.truncatedStacks,
    threads: p.threads.map((x, i) => ({ ...x, sampleCount: counts[i] })),
    threadId: chosen,
    sampleCount: b.sampleCount,
    root: await treeOf(t, b),
  };
}

/** The profile in Sentry's sample format (version 1 or 2, as it was sent), its frames as stored (scrubbed). */
export async function rawProfile(t: ProjectTenant, profileId: string) {
  const { row, p } = await findProfile(t, profileId);
  const ids = [...new Set(p.frames)];
  const { rows } = await readPool().query<FrameInfo & { id: string; col: number | null; in_app: boolean }>(
    'SELECT id, function, module, file, line, col, in_app FROM profile_frames WHERE project_id = $1 AND id = ANY($2::bigint[])',
    [t.projectId, ids],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const frames = p.frames.map((id) => {
    const f = byId.get(id);
    return {
      function: f?.function,
      ...(f?.module ? { module: f.module } : {}),
      ...(f?.file ? { abs_path: f.file, filename: f.file } : {}),
      ...(f?.line != null ? { lineno: f.line } : {}),
      ...(f?.col != null ? { colno: f.col } : {}),
      in_app: f?.in_app ?? false,
    };
  });
  const start = row.startedAt.getTime();
  const continuous = row.kind === 'continuous';
  const samples = p.t.map((ms, i) => ({
    stack_id: p.stack[i],
    thread_id: p.threads[p.thread[i]].id,
    ...(continuous ? { timestamp: (start + ms) / 1000 } : { elapsed_since_start_ns: String(Math.round(ms * 1e6)) }),
  }));
  const profile = {
    frames,
    stacks: p.stacks,
    samples,
    thread_metadata: Object.fromEntries(p.threads.map((x) => [x.id, x.name ? { name: x.name } : {}])),
  };
  const common = { platform: row.platform, release: row.release, environment: row.environment };
  if (continuous) return { version: '2', chunk_id: row.id, profiler_id: row.profilerId, ...common, profile };
  return {
    version: '1',
    event_id: row.id,
    timestamp: row.startedAt.toISOString(),
    ...common,
    transaction: {
      id: row.transactionId,
      name: row.transaction,
      trace_id: row.traceId,
      active_thread_id: p.window?.threadId ?? null,
      relative_start_ns: String(Math.round((p.window?.startMs ?? 0) * 1e6)),
      relative_end_ns: String(Math.round((p.window?.endMs ?? 0) * 1e6)),
    },
    profile,
  };
}

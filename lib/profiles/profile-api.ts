// The Profiling API (#47): the flame graph of one whole profile (those of a span and of a transaction name are in
// ./flamegraphs.ts); the project's slowest functions (from the hourly rollups the writer keeps); the list of
// profiles; one profile in Sentry's sample format, for export.
import { z } from 'zod';
import { notFound } from '@/lib/errors';
import { clampedInt } from '@/lib/zod/query';
import { cappedPagination, pagination } from '@/lib/http/query';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { readPool } from '@/lib/replica';
import { decodeProfile, histogramQuantile } from './samples';
import { FlameBuilder, type FrameInfo } from './flame-tree';
import { addSamples, mainThread, treeOf } from './profile-samples';
import { frameTotalsSince, type FrameTotals } from './function-totals';
import { chunkTransactions, type ChunkTransaction } from './chunk-transactions';
import { frameKind, functionKey, isRanked } from './frame-kind';

export const DAY_MS = 86_400_000;

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
  page: clampedInt(1, 1, 10_000),
  sort: z
    .enum(['self', 'total', 'p75', 'count'], { message: 'sort must be self, total, p75 or count' })
    .default('self'),
  inApp: z.enum(['true', 'false'], { message: 'inApp must be true or false' }).optional(),
});
export const listProfilesQuery = z.object({
  days: clampedInt(7, 1, 90),
  transaction: z.string().trim().min(1).max(200).optional(),
  limit: clampedInt(100, 1, 100),
  page: clampedInt(1, 1, 10_000),
});
/** Profiles counted for the list's pages: past it the count says "10,000+". */
const COUNT_CAP = 10_000;
export const profileParams = z.object({ projectId: z.string().min(1), profileId: hexId(32, 'A profile id') });
export const profileQuery = z.object({ threadId: z.string().max(64).optional() });

export async function ownProject(t: ProjectTenant): Promise<void> {
  const { rowCount } = await readPool().query('SELECT 1 FROM projects WHERE id = $1 AND org_id = $2', [
    t.projectId,
    t.orgId,
  ]);
  if (!rowCount) throw notFound('Project');
}

/** The functions that took the most time: self, total, the p75 of one call, calls, example profiles. */
export async function slowestFunctions(t: ProjectTenant, q: z.infer<typeof functionsQuery>) {
  await ownProject(t);
  const from = new Date(Math.floor((Date.now() - q.days * DAY_MS) / 3_600_000) * 3_600_000);
  const inApp = q.inApp === undefined ? null : q.inApp === 'true';
  // The profiler's own frames are its measuring, not the app's time (#60): never ranked.
  const rows = (await frameTotalsSince(t.projectId, from)).filter(
    (r) => (inApp === null || r.inApp === inApp) && isRanked(r.function, frameKind(r.function, r)),
  );
  const byFunction = new Map<string, FrameTotals[]>();
  for (const r of rows) {
    const key = functionKey(r.function, r);
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
      kind: frameKind(first.function, first),
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
  const start = (q.page - 1) * q.limit;
  return {
    days: q.days,
    functions: functions.slice(start, start + q.limit),
    pagination: pagination(q.page, q.limit, functions.length),
  };
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

/** A profile as listed; a continuous chunk with the first transaction it sampled, and its trace (#60). */
const summary = (r: ListRow, sampled?: ChunkTransaction) => ({
  id: r.id,
  kind: r.kind,
  transaction: r.transaction ?? sampled?.transaction ?? null,
  traceId: r.traceId ?? sampled?.traceId ?? null,
  /** How many transactions a continuous chunk sampled (1 for a transaction profile). */
  transactionCount: r.kind === 'continuous' ? (sampled?.transactionCount ?? 0) : 1,
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
  const where = `project_id = $1 AND started_at >= $2 AND ($3::text IS NULL OR transaction = $3)`;
  const args = [t.projectId, new Date(Date.now() - q.days * DAY_MS), q.transaction ?? null];
  const [{ rows }, counted] = await Promise.all([
    readPool().query<ListRow>(
      `SELECT ${LIST_COLUMNS} FROM profiles WHERE ${where} ORDER BY started_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...args, q.limit, (q.page - 1) * q.limit],
    ),
    readPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM profiles WHERE ${where} LIMIT ${COUNT_CAP + 1}) x`,
      args,
    ),
  ]);
  const sampled = await chunkTransactions(
    t.projectId,
    rows.filter((r) => r.kind === 'continuous'),
  );
  return {
    profiles: rows.map((r) => summary(r, sampled.get(r.id))),
    pagination: cappedPagination({ page: q.page, limit: q.limit, counted: counted.rows[0].n, cap: COUNT_CAP }),
  };
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
  addSamples(b, p, { origin: 0, from: -Infinity, to: Infinity, threadId: chosen });
  const sampled = row.kind === 'continuous' ? await chunkTransactions(t.projectId, [row]) : null;
  return {
    ...summary(row, sampled?.get(row.id)),
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

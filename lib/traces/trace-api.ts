// The trace view's API (#34): everything of one trace id across the organization's projects — its spans (every
// transaction's root and children, with their place in the tree), its transactions, the error events that happened
// in it (each at the span it happened in) and how many log lines it has — and, per transaction name, the span
// groups with their count, total and p75 time ("where the time goes").
import { z } from 'zod';
import { notFound } from '@/lib/errors';
import type { OrgTenant, ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { clampedInt } from '@/lib/zod/query';
import { readPool } from '@/lib/replica';
import { spanGroup } from './span-groups';
import { spanIdSql, transactionKey } from './span-keys';

export const traceParams = z.object({
  traceId: z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'A trace id is 32 hex characters')),
});
const MAX_SPANS = 10_000;

/**
 * The spans table as one row per span: `b` the stored row (a transaction's spans of one write, #51) and `s` one
 * span of its arrays, `s.i` its place in them.
 */
export const SPAN_ROWS = `spans b CROSS JOIN LATERAL unnest(b.span_ids, b.parent_ids, b.starts, b.durations, b.group_keys, b.ops,
  b.descriptions, b.statuses) WITH ORDINALITY AS s(span_id, parent_id, start, duration, group_key, op, description, status, i)`;

/** A span's columns from SPAN_ROWS as spansOfRows reads them (ids back to hex; the row's data bags with its first span). */
export const STORED_SPAN_COLUMNS = `b.project, ${spanIdSql('s.span_id')} AS "spanId", ${spanIdSql('s.parent_id')} AS "parentSpanId",
  ${spanIdSql('b.segment_id')} AS "segmentId", b.transaction, s.op, s.description, s.status, s.start, s.duration AS "durationMs",
  coalesce(s.i = b.segment_index, false) AS "isSegment", CASE WHEN s.i = 1 THEN b.data END AS data, b.environment, b.release`;

export async function getTrace(t: OrgTenant, traceId: string) {
  const { rows: projects } = await readPool().query<{ id: string; name: string; number: number }>(
    'SELECT id, name, number FROM projects WHERE org_id = $1',
    [t.orgId],
  );
  const ids = projects.map((p) => p.id);
  const [spans, transactions, errors, logs] = await Promise.all([
    readPool().query<StoredSpan>(
      `SELECT ${STORED_SPAN_COLUMNS} FROM ${SPAN_ROWS} WHERE b.project = ANY($1) AND b.trace_id = $2::uuid
        ORDER BY s.start, s.span_id LIMIT ${MAX_SPANS}`,
      [projects.map((p) => p.number), traceId],
    ),
    readPool().query(
      `SELECT id, project_id AS "projectId", name, duration AS "durationMs", status, timestamp FROM transactions
        WHERE project_id = ANY($1) AND trace_id = $2 ORDER BY timestamp LIMIT 1000`,
      [ids, traceId],
    ),
    readPool().query(
      `SELECT e.id, e.project_id AS "projectId", e.issue_id AS "issueId", i.title, e.level::text AS level, e.timestamp,
              e.contexts -> 'trace' ->> 'span_id' AS "spanId"
         FROM events e JOIN issues i ON i.id = e.issue_id
        WHERE e.project_id = ANY($1) AND (e.contexts -> 'trace' ->> 'trace_id') = $2 ORDER BY e.timestamp LIMIT 1000`,
      [ids, traceId],
    ),
    readPool().query<{ projectId: string; count: number }>(
      `SELECT project_id AS "projectId", count(*)::int AS count FROM logs
        WHERE project_id = ANY($1) AND trace_id = $2 GROUP BY project_id ORDER BY count(*) DESC`,
      [ids, traceId],
    ),
  ]);
  if (spans.rows.length === 0 && transactions.rows.length === 0 && errors.rows.length === 0) throw notFound('Trace');
  const byNumber = new Map(projects.map((p) => [p.number, p.id]));
  const spanRows = spansOfRows(spans.rows, byNumber);
  const starts = spanRows.map((s) => s.start.getTime());
  const ends = spanRows.map((s) => s.start.getTime() + s.durationMs);
  const start = starts.length ? Math.min(...starts) : null;
  const end = ends.length ? Math.max(...ends) : null;
  const names = new Map(projects.map((p) => [p.id, p.name]));
  return {
    traceId,
    start: start === null ? null : new Date(start).toISOString(),
    durationMs: start === null || end === null ? null : end - start,
    projects: [...new Set([...spanRows, ...transactions.rows, ...errors.rows].map((r) => r.projectId as string))].map(
      (id) => ({ id, name: names.get(id) ?? id }),
    ),
    spans: spanRows.map((s) => ({ ...s, start: s.start.toISOString() })),
    transactions: transactions.rows.map((x) => ({ ...x, timestamp: (x.timestamp as Date).toISOString() })),
    errors: errors.rows.map((e) => ({ ...e, timestamp: (e.timestamp as Date).toISOString() })),
    logCount: logs.rows.reduce((n, l) => n + l.count, 0),
    // #60: where its lines are (each project's Logs page filtered to the trace), and the replays it happened in.
    logs: logs.rows,
    replays: await tracedReplays(ids, traceId, [
      ...starts,
      ...[...transactions.rows, ...errors.rows].map((r) => (r.timestamp as Date).getTime()),
    ]),
    truncated: spans.rows.length === MAX_SPANS,
  };
}

/** A replay lasts at most an hour (the browser SDK's maximum): one naming the trace started at most that long before it. */
const REPLAY_MAX_MS = 60 * 60 * 1000;

/**
 * The replays whose page took part in the trace (their trace_ids name it), read by each project's replays by start
 * time (the index the Replays list uses) over the hour before the trace's first moment up to its last.
 */
async function tracedReplays(projectIds: string[], traceId: string, times: number[]) {
  if (!times.length) return [];
  const { rows } = await readPool().query<{ id: string; projectId: string; startedAt: Date }>(
    `SELECT id, project_id AS "projectId", started_at AS "startedAt" FROM replays
      WHERE project_id = ANY($1) AND started_at BETWEEN $2 AND $3 AND $4 = ANY(trace_ids)
      ORDER BY started_at LIMIT 10`,
    [projectIds, new Date(Math.min(...times) - REPLAY_MAX_MS), new Date(Math.max(...times)), traceId],
  );
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }));
}

export const spanGroupsQuery = z.object({ days: clampedInt(7, 1, 90) });

/** Per span group of a transaction name: count, total, average and p75 time; the slowest total first. */
export async function spanGroups(t: ProjectTenant, transaction: string, days: number) {
  const { rows: own } = await readPool().query('SELECT 1 FROM projects WHERE id = $1 AND org_id = $2', [
    t.projectId,
    t.orgId,
  ]);
  if (own.length === 0) throw notFound('Project');
  const { rows } = await readPool().query<{ op: string; sample: string } & Record<string, number>>(
    `SELECT s.op, min(s.description) AS sample, count(*)::int AS count, sum(s.duration) AS "totalMs",
            avg(s.duration) AS "avgMs", percentile_cont(0.75) WITHIN GROUP (ORDER BY s.duration) AS "p75Ms",
            count(DISTINCT b.segment_id)::int AS transactions
       FROM ${SPAN_ROWS} WHERE b.txn_key = $1 AND b.project = (SELECT number FROM projects WHERE id = $2)
        AND b.received_at >= now() - make_interval(days => $3) AND s.i IS DISTINCT FROM b.segment_index
      GROUP BY s.op, s.group_key ORDER BY sum(s.duration) DESC LIMIT 50`,
    [transactionKey(t.projectId, transaction), t.projectId, days],
  );
  const round = (v: number) => Math.round(v * 100) / 100;
  // A group is its op and normalised description: any of its spans' descriptions gives it back.
  return rows.map(({ sample, ...r }) => ({
    op: r.op,
    group: spanGroup(r.op, sample),
    count: r.count,
    totalMs: round(r.totalMs),
    avgMs: round(r.avgMs),
    p75Ms: round(r.p75Ms),
    transactions: r.transactions,
  }));
}

type StoredSpan = {
  project: number;
  spanId: string;
  parentSpanId: string | null;
  segmentId: string;
  transaction: string | null;
  op: string;
  description: string;
  status: string | null;
  start: Date;
  durationMs: number;
  isSegment: boolean;
  data: Record<string, Record<string, unknown>> | null;
  environment: string | null;
  release: string | null;
};

/**
 * Spans as the trace view shows them, each with its own data: a stored row's data bags (keyed by span id) arrive
 * with its first span (STORED_SPAN_COLUMNS).
 */
export function spansOfRows(rows: StoredSpan[], projectIds: Map<number, string>) {
  const bags = new Map<string, Record<string, unknown>>();
  for (const r of rows)
    for (const [spanId, bag] of Object.entries(r.data ?? {})) bags.set(`${r.project}:${spanId}`, bag);
  return rows.map(({ project, data: _bags, ...r }) => ({
    ...r,
    projectId: projectIds.get(project) ?? String(project),
    transaction: r.transaction ?? '',
    data: bags.get(`${project}:${r.spanId}`) ?? null,
  }));
}

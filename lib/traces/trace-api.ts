// The trace view's API (#34): everything of one trace id across the organization's projects — its spans (every
// transaction's root and children, with their place in the tree), its transactions, the error events that happened
// in it (each at the span it happened in) and how many log lines it has — and, per transaction name, the span
// groups with their count, total and p75 time ("where the time goes").
import { z } from 'zod';
import { notFound } from '@/lib/errors';
import type { OrgTenant, ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { clampedInt } from '@/lib/http/query';
import { readPool } from '@/lib/replica';
import { spanGroup, spanIdSql, transactionKey } from '@/lib/ingest/items/spans';

export const traceParams = z.object({
  traceId: z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'A trace id is 32 hex characters')),
});
const MAX_SPANS = 10_000;

/** A stored span's columns as spansOfRows reads them (ids back to hex). */
export const STORED_SPAN_COLUMNS = `project, ${spanIdSql('span_id')} AS "spanId", ${spanIdSql('parent_span_id')} AS "parentSpanId",
  ${spanIdSql('segment_id')} AS "segmentId", transaction, op, description, status, start, duration AS "durationMs",
  is_segment AS "isSegment", data, environment, release`;

export async function getTrace(t: OrgTenant, traceId: string) {
  const { rows: projects } = await readPool().query<{ id: string; name: string; number: number }>(
    'SELECT id, name, number FROM projects WHERE org_id = $1',
    [t.orgId],
  );
  const ids = projects.map((p) => p.id);
  const [spans, transactions, errors, logs] = await Promise.all([
    readPool().query<StoredSpan>(
      `SELECT ${STORED_SPAN_COLUMNS} FROM spans WHERE project = ANY($1) AND trace_id = $2::uuid ORDER BY start, span_id LIMIT ${MAX_SPANS}`,
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
    readPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM logs WHERE project_id = ANY($1) AND trace_id = $2`,
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
    logCount: logs.rows[0].n,
    truncated: spans.rows.length === MAX_SPANS,
  };
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
    `SELECT op, min(description) AS sample, count(*)::int AS count, sum(duration) AS "totalMs", avg(duration) AS "avgMs",
            percentile_cont(0.75) WITHIN GROUP (ORDER BY duration) AS "p75Ms", count(DISTINCT segment_id)::int AS transactions
       FROM spans WHERE txn_key = $1 AND project = (SELECT number FROM projects WHERE id = $2) AND NOT is_segment
        AND received_at >= now() - make_interval(days => $3)
      GROUP BY op, group_key ORDER BY sum(duration) DESC LIMIT 50`,
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
 * Spans as the trace view shows them: each with its transaction name, environment and release and its own data,
 * which its segment's carrier rows hold (span-writer.ts).
 */
export function spansOfRows(rows: StoredSpan[], projectIds: Map<number, string>) {
  const segments = new Map<string, Pick<StoredSpan, 'transaction' | 'environment' | 'release'>>();
  const bags = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const seg = `${r.project}:${r.segmentId}`;
    if (r.transaction !== null && (!segments.has(seg) || r.isSegment)) segments.set(seg, r);
    for (const [spanId, bag] of Object.entries(r.data ?? {})) bags.set(`${r.project}:${spanId}`, bag);
  }
  return rows.map(({ project, data: _carried, ...r }) => {
    const seg = segments.get(`${project}:${r.segmentId}`);
    return {
      ...r,
      projectId: projectIds.get(project) ?? String(project),
      transaction: r.transaction ?? seg?.transaction ?? '',
      environment: r.environment ?? seg?.environment ?? null,
      release: r.release ?? seg?.release ?? null,
      data: bags.get(`${project}:${r.spanId}`) ?? null,
    };
  });
}

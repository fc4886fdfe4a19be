// The trace view's API (#34): everything of one trace id across the organization's projects — its spans (every
// transaction's root and children, with their place in the tree), its transactions, the error events that happened
// in it (each at the span it happened in) and how many log lines it has — and, per transaction name, the span
// groups with their count, total and p75 time ("where the time goes").
import { z } from 'zod';
import { notFound } from '@/lib/errors';
import type { OrgTenant, ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { clampedInt } from '@/lib/http/query';
import { readPool } from '@/lib/replica';

export const traceParams = z.object({
  traceId: z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'A trace id is 32 hex characters')),
});
const MAX_SPANS = 10_000;

export async function getTrace(t: OrgTenant, traceId: string) {
  const { rows: projects } = await readPool().query<{ id: string; name: string }>(
    'SELECT id, name FROM projects WHERE org_id = $1',
    [t.orgId],
  );
  const ids = projects.map((p) => p.id);
  const [spans, transactions, errors, logs] = await Promise.all([
    readPool().query(
      `SELECT project_id AS "projectId", span_id AS "spanId", parent_span_id AS "parentSpanId", segment_id AS "segmentId", transaction, op, description,
              status, start, duration AS "durationMs", is_segment AS "isSegment", data, environment, release
         FROM spans WHERE project_id = ANY($1) AND trace_id = $2 ORDER BY start, span_id LIMIT ${MAX_SPANS}`,
      [ids, traceId],
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
  const starts = spans.rows.map((s) => (s.start as Date).getTime());
  const ends = spans.rows.map((s) => (s.start as Date).getTime() + (s.durationMs as number));
  const start = starts.length ? Math.min(...starts) : null;
  const end = ends.length ? Math.max(...ends) : null;
  const names = new Map(projects.map((p) => [p.id, p.name]));
  return {
    traceId,
    start: start === null ? null : new Date(start).toISOString(),
    durationMs: start === null || end === null ? null : end - start,
    projects: [...new Set([...spans.rows, ...transactions.rows, ...errors.rows].map((r) => r.projectId as string))].map(
      (id) => ({ id, name: names.get(id) ?? id }),
    ),
    spans: spans.rows.map((s) => ({ ...s, start: (s.start as Date).toISOString() })),
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
  const { rows } = await readPool().query(
    `SELECT op, "group", count(*)::int AS count, sum(duration) AS "totalMs", avg(duration) AS "avgMs",
            percentile_cont(0.75) WITHIN GROUP (ORDER BY duration) AS "p75Ms", count(DISTINCT segment_id)::int AS transactions
       FROM spans WHERE project_id = $1 AND transaction = $2 AND NOT is_segment AND received_at >= now() - make_interval(days => $3)
      GROUP BY op, "group" ORDER BY sum(duration) DESC LIMIT 50`,
    [t.projectId, transaction, days],
  );
  const round = (v: number) => Math.round(v * 100) / 100;
  return rows.map((r) => ({ ...r, totalMs: round(r.totalMs), avgMs: round(r.avgMs), p75Ms: round(r.p75Ms) }));
}

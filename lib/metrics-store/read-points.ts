// Reading raw metric points (#61): a metric's (or every metric's) points in a time range, newest first, filtered by
// any attribute (the point's own, then its series') and by trace or span, paged by a cursor. Each point comes back
// with its series' name, type, unit and attributes merged with its own: the attributes as sent (after scrubbing).
import { badRequest } from '@/lib/errors';
import { readPool } from '@/lib/replica';
import { spanIdSql } from '@/lib/traces/span-keys';
import { filterSql, Params, seriesCte, type AttributeFilter, type MetricScope, type SeriesQuery } from './query-sql';
import type { Histogram, MetricType } from './types';

export const MAX_POINTS_PAGE = 1000;

export type PointsQuery = SeriesQuery & {
  from: Date;
  to: Date;
  filters?: readonly AttributeFilter[];
  traceId?: string;
  spanId?: string;
  /** At most MAX_POINTS_PAGE (100 when omitted). */
  limit?: number;
  /** The previous page's nextCursor. */
  cursor?: string;
};

export type MetricPointRow = {
  projectId: string;
  name: string;
  type: MetricType;
  unit: string;
  /** ISO, to the microsecond. */
  timestamp: string;
  value: number | null;
  traceId: string | null;
  spanId: string | null;
  attributes: Record<string, unknown>;
  histogram: Histogram | null;
};

type Row = Omit<MetricPointRow, 'attributes'> & {
  series: string;
  own: Record<string, unknown> | null;
  attributes: Record<string, unknown>;
  /** The time in microseconds since the epoch (the cursor), and as ISO to the microsecond. */
  at: string;
  iso: string;
};

// A cursor is the last point's time (microseconds since the epoch) and series.
const CURSOR = /^(-?\d{1,19})\|(-?\d{1,19})$/;

/** The point's own attribute's condition: NULL when the point has no such attribute (its series' then decides). */
function ownSql(f: AttributeFilter, p: Params): string {
  const text = `(m.attributes->>${p.add(f.key)})`;
  const values = [...(f.values ?? [])];
  switch (f.op) {
    case 'in':
      return `${text} = ANY(${p.add(values)}::text[])`;
    case 'not_in':
      return `NOT (${text} = ANY(${p.add(values)}::text[]))`;
    case 'exists':
      return `(${text} IS NOT NULL OR NULL)`;
    case 'not_exists':
      return `(${text} IS NULL AND NULL)`;
    case 'contains':
      return `${text} ILIKE ANY(${p.add(values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))}::text[])`;
  }
}

type Series = { ids: string[] | null; filters: string[][] };
type Query = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The series the page reads (null: every series of the projects, no metric named) and, per filter, those whose own
 * attributes pass it: found once, and given to the page's walk as arrays (a hashed look-up per point).
 */
async function seriesOf(scope: MetricScope, q: PointsQuery, query: Query): Promise<Series> {
  const named = q.name !== undefined || q.type !== undefined || q.unit !== undefined;
  const filters = q.filters ?? [];
  if (!named && filters.length === 0) return { ids: null, filters: [] };
  const p = new Params();
  const cte = seriesCte(scope, { name: q.name, type: q.type, unit: q.unit }, p);
  const each = filters.map((f, i) => {
    const [cond] = filterSql([f], p, { own: null, series: 's.attributes' });
    return `coalesce(array_agg(s.id::text) FILTER (WHERE ${cond}), '{}') AS f${i}`;
  });
  const { rows } = await query(
    `WITH ${cte} SELECT coalesce(array_agg(s.id::text), '{}') AS ids${each.map((e) => `, ${e}`).join('')} FROM s`,
    p.values,
  );
  const r = rows[0] as Record<string, string[]>;
  return { ids: named ? r.ids : null, filters: filters.map((_, i) => r[`f${i}`]) };
}

/**
 * The statement of a page (limit + 1 rows, to know whether another follows). Each of the scope's projects is read
 * newest first by its (project, timestamp) index, stopping at the page, then the pages merged: the metric and the
 * filters' series are arrays found first (seriesOf), the filters on the points' own attributes and the trace are
 * conditions on that walk, not a join, so no read sorts the range's points; the page's series and the texts it
 * answers are read for its rows only. `query` runs the look-up of the series (the read pool's by default).
 */
export async function pointsStatement(
  scope: MetricScope,
  q: PointsQuery,
  query: Query = (text, values) => readPool().query(text, values),
): Promise<{ text: string; values: unknown[]; limit: number }> {
  const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 100)), MAX_POINTS_PAGE);
  const series = await seriesOf(scope, q, query);
  const p = new Params();
  const where = ['m.project = pr.n', `m.timestamp >= ${p.add(q.from)}`, `m.timestamp < ${p.add(q.to)}`];
  if (series.ids) where.push(`m.series = ANY(${p.add(series.ids)}::bigint[])`);
  (q.filters ?? []).forEach((f, i) =>
    where.push(`coalesce(${ownSql(f, p)}, m.series = ANY(${p.add(series.filters[i])}::bigint[]))`),
  );
  if (q.traceId) where.push(`m.trace_id = ${p.add(q.traceId.toLowerCase())}::uuid`);
  if (q.spanId) where.push(`m.span_id = ('x' || ${p.add(q.spanId.toLowerCase())})::bit(64)::bigint`);
  const c = q.cursor ? CURSOR.exec(q.cursor) : null;
  if (q.cursor && !c) throw badRequest('Not a cursor of this list');
  if (c) {
    const at = `to_timestamp(${p.add(c[1])}::numeric / 1000000)`;
    where.push(`m.timestamp <= ${at}`, `(m.timestamp, m.series) < (${at}, ${p.add(c[2])}::bigint)`);
  }
  return {
    limit,
    values: p.values,
    text: `WITH pr AS (SELECT number AS n, id FROM projects WHERE id = ANY(${p.add(scope.projectIds)}::text[]) AND org_id = ${p.add(scope.orgId)}),
     page AS (SELECT m.* FROM pr CROSS JOIN LATERAL (
         SELECT m.timestamp, m.series, m.value, m.trace_id, m.span_id, m.attributes, m.histogram, pr.id AS project_id
           FROM metric_points m WHERE ${where.join(' AND ')}
          ORDER BY m.timestamp DESC, m.series DESC LIMIT ${limit + 1}) m
       ORDER BY m.timestamp DESC, m.series DESC LIMIT ${limit + 1})
     SELECT ms.project_id AS "projectId", ms.name, ms.type, ms.unit, m.timestamp, m.value, m.series::text AS series,
            replace(m.trace_id::text, '-', '') AS "traceId", ${spanIdSql('m.span_id')} AS "spanId",
            m.attributes AS own, ms.attributes, m.histogram,
            (extract(epoch FROM m.timestamp) * 1000000)::bigint::text AS at,
            to_char(m.timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS iso
       FROM page m
       -- Each row's series by its key (LIMIT keeps it a look-up per row, never a scan of every series).
       CROSS JOIN LATERAL (SELECT * FROM metric_series ms
                            WHERE ms.project_id = m.project_id AND ms.id = m.series LIMIT 1) ms
      ORDER BY m.timestamp DESC, m.series DESC`,
  };
}

/** A page of points, newest first, and the cursor of the next page (null at the end). */
export async function readMetricPoints(
  scope: MetricScope,
  q: PointsQuery,
): Promise<{ points: MetricPointRow[]; nextCursor: string | null }> {
  const { text, values, limit } = await pointsStatement(scope, q);
  const { rows } = await readPool().query<Row>(text, values);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    points: page.map((r) => ({
      projectId: r.projectId,
      name: r.name,
      type: r.type,
      unit: r.unit,
      timestamp: r.iso,
      value: r.value,
      traceId: r.traceId,
      spanId: r.spanId,
      attributes: { ...r.attributes, ...(r.own ?? {}) },
      histogram: r.histogram,
    })),
    nextCursor: rows.length > limit && last ? `${last.at}|${last.series}` : null,
  };
}

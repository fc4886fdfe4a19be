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

/** A page of points, newest first, and the cursor of the next page (null at the end). */
export async function readMetricPoints(
  scope: MetricScope,
  q: PointsQuery,
): Promise<{ points: MetricPointRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 100)), MAX_POINTS_PAGE);
  const p = new Params();
  // The filters apply to each point (its own attributes, then its series'), not to its series alone.
  const cte = seriesCte(scope, { name: q.name, type: q.type, unit: q.unit }, p);
  const where = [
    'm.series IN (SELECT id FROM s)',
    `m.timestamp >= ${p.add(q.from)}`,
    `m.timestamp < ${p.add(q.to)}`,
    ...filterSql(q.filters ?? [], p, { own: 'm.attributes', series: 's.attributes' }),
  ];
  if (q.traceId) where.push(`m.trace_id = ${p.add(q.traceId.toLowerCase())}::uuid`);
  if (q.spanId) where.push(`m.span_id = ('x' || ${p.add(q.spanId.toLowerCase())})::bit(64)::bigint`);
  const c = q.cursor ? CURSOR.exec(q.cursor) : null;
  if (q.cursor && !c) throw badRequest('Not a cursor of this list');
  if (c)
    where.push(`(m.timestamp, m.series) < (to_timestamp(${p.add(c[1])}::numeric / 1000000), ${p.add(c[2])}::bigint)`);
  const { rows } = await readPool().query<Row>(
    `WITH ${cte}
     SELECT s.project_id AS "projectId", s.name, s.type, s.unit, m.timestamp, m.value, m.series::text AS series,
            replace(m.trace_id::text, '-', '') AS "traceId", ${spanIdSql('m.span_id')} AS "spanId",
            m.attributes AS own, s.attributes, m.histogram,
            (extract(epoch FROM m.timestamp) * 1000000)::bigint::text AS at,
            to_char(m.timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS iso
       FROM metric_points m JOIN s ON s.id = m.series AND s.project = m.project
      WHERE ${where.join(' AND ')}
      ORDER BY m.timestamp DESC, m.series DESC LIMIT ${limit + 1}`,
    p.values,
  );
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

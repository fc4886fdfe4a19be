// What metrics a project has (#61): each metric name with its type and unit, how many series it has, the attribute
// keys its series carry (what Explore may group and filter by) and when it was last seen; and one metric's series.
import { readPool } from '@/lib/replica';
import { Params, seriesCte, type AttributeFilter, type MetricScope } from './query-sql';
import type { MetricType } from './types';

export const MAX_METRICS_LISTED = 1000;

export type MetricInfo = {
  name: string;
  type: MetricType;
  unit: string;
  series: number;
  /** The keys of the series' attributes, sorted. */
  attributeKeys: string[];
  /** The last UTC day a point of it was stored (YYYY-MM-DD). */
  lastSeen: string;
};

export type SeriesInfo = {
  /** metric_series.id, as a decimal string. */
  id: string;
  projectId: string;
  name: string;
  type: MetricType;
  unit: string;
  attributes: Record<string, unknown>;
  firstSeen: string;
  lastSeen: string;
};

/**
 * The metrics of the scope's projects, by name (a name sent as two types or units is listed once per each), seen
 * since `since` (a day) when given; `search` keeps names holding it (any case).
 */
export async function listMetrics(
  scope: MetricScope,
  opts: { since?: Date; search?: string; limit?: number } = {},
): Promise<MetricInfo[]> {
  const p = new Params();
  const cte = seriesCte(scope, {}, p);
  const where = ['TRUE'];
  if (opts.since) where.push(`s.last_seen >= ${p.add(opts.since.toISOString().slice(0, 10))}::date`);
  if (opts.search) where.push(`s.name ILIKE ${p.add(`%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const limit = Math.min(Math.max(1, opts.limit ?? MAX_METRICS_LISTED), MAX_METRICS_LISTED);
  const { rows } = await readPool().query<MetricInfo>(
    `WITH ${cte}, f AS (SELECT * FROM s WHERE ${where.join(' AND ')}),
     k AS (SELECT f.name, f.type, f.unit, array_agg(DISTINCT key ORDER BY key) AS keys
             FROM f, jsonb_object_keys(f.attributes) AS key GROUP BY 1, 2, 3)
     SELECT f.name, f.type, f.unit, count(*)::int AS series, to_char(max(f.last_seen), 'YYYY-MM-DD') AS "lastSeen",
            coalesce(k.keys, '{}') AS "attributeKeys"
       FROM f LEFT JOIN k ON k.name = f.name AND k.type = f.type AND k.unit = f.unit
      GROUP BY f.name, f.type, f.unit, k.keys ORDER BY f.name, f.type, f.unit LIMIT ${limit}`,
    p.values,
  );
  return rows;
}

/** One metric's series, most recently seen first, filtered by their attributes. */
export async function listMetricSeries(
  scope: MetricScope,
  q: { name: string; filters?: readonly AttributeFilter[]; limit?: number },
): Promise<SeriesInfo[]> {
  const p = new Params();
  const cte = seriesCte(scope, { name: q.name, filters: q.filters }, p);
  const limit = Math.min(Math.max(1, q.limit ?? MAX_METRICS_LISTED), MAX_METRICS_LISTED);
  const { rows } = await readPool().query<SeriesInfo>(
    `WITH ${cte}
     SELECT s.id::text AS id, s.project_id AS "projectId", s.name, s.type, s.unit, s.attributes,
            to_char(s.first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "firstSeen",
            to_char(s.last_seen, 'YYYY-MM-DD') AS "lastSeen"
       FROM s ORDER BY s.last_seen DESC, s.id LIMIT ${limit}`,
    p.values,
  );
  return rows;
}

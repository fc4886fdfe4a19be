// The SQL the metric reads share (#61): the organization's series of a metric (tenant scope in the `where`: only
// projects of the caller's organization), and attribute filters. A filter compares an attribute's text
// (`attributes->>key`: 200 and "200" alike) with the values given.
import type { MetricType } from './types';

/** Which projects may be read: the caller's organization, and the projects asked for within it. */
export type MetricScope = { orgId: string; projectIds: readonly string[] };

/**
 * An attribute condition: equal to one of `values` (`in`), to none of them (`not_in`), present or absent
 * (`exists`, `not_exists`; `values` unused), or holding one of `values` as a substring, any case (`contains`).
 */
export type AttributeFilter = {
  key: string;
  op: 'in' | 'not_in' | 'exists' | 'not_exists' | 'contains';
  values?: readonly string[];
};

/** The start of the UTC hour of a timestamptz column (whatever the session's time zone). */
export const hourOf = (column: string) => `to_timestamp(floor(extract(epoch FROM ${column}) / 3600) * 3600)`;

/** A statement's parameters, each added where it is used. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** The text of an attribute of the point: its own, else its series' (`own` null when only series are read). */
function attributeText(key: string, p: Params, own: string | null, series: string): string {
  const k = p.add(key);
  return own ? `coalesce(${own}->>${k}, ${series}->>${k})` : `${series}->>${k}`;
}

/** The filters as SQL conditions (AND-ed), over a series' attributes and, for points, their own. */
export function filterSql(
  filters: readonly AttributeFilter[],
  p: Params,
  cols: { own: string | null; series: string },
) {
  return filters.map((f) => {
    const text = attributeText(f.key, p, cols.own, cols.series);
    const values = [...(f.values ?? [])];
    switch (f.op) {
      case 'in':
        return `${text} = ANY(${p.add(values)}::text[])`;
      case 'not_in':
        return `(${text} IS NULL OR NOT (${text} = ANY(${p.add(values)}::text[])))`;
      case 'exists':
        return `${text} IS NOT NULL`;
      case 'not_exists':
        return `${text} IS NULL`;
      case 'contains': {
        const patterns = values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        return `${text} ILIKE ANY(${p.add(patterns)}::text[])`;
      }
    }
  });
}

export type SeriesQuery = {
  /** A metric's name; every metric when omitted (raw points only). */
  name?: string;
  type?: MetricType;
  unit?: string;
};

/**
 * `WITH s AS (…)`: the scope's series of the metric (id, project number, project id, name, type, unit, attributes,
 * first and last seen),
 * with the series-level filters (`q.filters`) applied when given.
 */
export function seriesCte(scope: MetricScope, q: SeriesQuery & { filters?: readonly AttributeFilter[] }, p: Params) {
  const where = [
    `s.project_id IN (SELECT id FROM projects WHERE id = ANY(${p.add(scope.projectIds)}::text[]) AND org_id = ${p.add(scope.orgId)})`,
  ];
  if (q.name !== undefined) where.push(`s.name = ${p.add(q.name)}`);
  if (q.type !== undefined) where.push(`s.type = ${p.add(q.type)}`);
  if (q.unit !== undefined) where.push(`s.unit = ${p.add(q.unit)}`);
  where.push(...filterSql(q.filters ?? [], p, { own: null, series: 's.attributes' }));
  return `s AS (SELECT s.id, pr.number AS project, s.project_id, s.name, s.type, s.unit, s.attributes, s.first_seen,
    s.last_seen FROM metric_series s JOIN projects pr ON pr.id = s.project_id WHERE ${where.join(' AND ')})`;
}

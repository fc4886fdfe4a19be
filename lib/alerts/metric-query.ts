// The one statement a metric alert runs each minute (#62): its Explore query's aggregate over the window ending at
// the minute, per group in the same statement (never one query per group), and with a comparison the same window a
// day or a week before as a second part of it. Compiled by Explore (lib/explore/compile.ts), so the filter, fields
// and aggregates mean what they mean on the Explore page; read exactly, never from a sample.
import { aggregateSql, compileQuery, type Compiled } from '@/lib/explore/compile';
import type { ScopeProject } from '@/lib/explore/compile-filter';
import type { Params } from '@/lib/explore/params';
import { exploreQuerySchema } from '@/lib/zod/explore';
import type { MetricComparison, MetricQuery } from '@/lib/zod/metric-alerts';

const OFFSET_MS: Record<MetricComparison, number> = { '1d': 86_400_000, '1w': 7 * 86_400_000 };

export type MetricRuleQuery = {
  query: MetricQuery;
  windowMinutes: number;
  comparison: MetricComparison | null;
};

/** `zero`: an empty window is 0 (counts, sums, rates), not "no value" (averages, percentiles). */
export type MetricStatement = { text: string; values: unknown[]; perMinute: boolean; zero: boolean };

const ZERO_WHEN_EMPTY = new Set(['count', 'count_unique', 'sum', 'epm', 'spm']);

type Context = { nowMs: number; retentionDays: number; project: ScopeProject };

function compile(r: MetricRuleQuery, ctx: Context, params?: Params) {
  const q = exploreQuerySchema.parse({ ...r.query, projects: [ctx.project.id], statsPeriod: `${r.windowMinutes}m` });
  return compileQuery(q, { nowMs: ctx.nowMs, retentionDays: ctx.retentionDays, projects: [ctx.project], params });
}

function part(c: Compiled, name: string): string {
  const a = c.aggregates[0];
  const groups = c.groups.map((g, i) => `, (${g.sql})::text AS g${i}`).join('');
  const groupBy = c.groups.length ? ` GROUP BY ${c.groups.map((_, i) => i + 2).join(', ')}` : '';
  return `SELECT '${name}' AS part${groups}, ${aggregateSql(a, a.input ?? '')} AS v
    FROM ${c.dataset.from('', c.needs)} WHERE ${c.where.join(' AND ')}${groupBy}`;
}

/**
 * The statement and whether its value is per minute (epm, spm: a count divided by the window). Throws Explore's 400
 * when the query does not fit its dataset, which is how a rule is checked before it is saved.
 */
export function metricStatement(r: MetricRuleQuery, ctx: Context): MetricStatement {
  const cur = compile(r, ctx);
  const parts = [part(cur, 'cur')];
  if (r.comparison) {
    // The earlier window adds its values to the same list, so both parts are one statement.
    const prev = compile(r, { ...ctx, nowMs: ctx.nowMs - OFFSET_MS[r.comparison] }, cur.params);
    parts.push(part(prev, 'prev'));
  }
  const fn = cur.aggregates[0].fn;
  return {
    text: parts.join('\nUNION ALL\n'),
    values: cur.params.values,
    perMinute: fn === 'epm' || fn === 'spm',
    zero: ZERO_WHEN_EMPTY.has(fn),
  };
}

type Row = { part: 'cur' | 'prev'; v: number | null } & Record<string, string | number | null>;

/** Each group's value (a percentage change with a comparison; null where there is nothing to compare with). */
export function groupValues(
  r: Pick<MetricRuleQuery, 'windowMinutes' | 'comparison' | 'query'>,
  stmt: Pick<MetricStatement, 'perMinute' | 'zero'>,
  input: Row[],
): { group: string | null; value: number | null }[] {
  let rows = input;
  const n = r.query.groupBy.length;
  const label = (row: Row) =>
    n ? Array.from({ length: n }, (_, i) => (row[`g${i}`] ?? '(none)') as string).join(', ') : null;
  const scale = (v: number | null) => (v === null ? (stmt.zero ? 0 : null) : stmt.perMinute ? v / r.windowMinutes : v);
  // Grouped counts of an empty window have no row at all: the count is 0 (so an open incident can resolve).
  if (stmt.zero && !rows.some((x) => x.part === 'cur')) rows = [...rows, { part: 'cur', v: 0 } as Row];
  const prev = new Map(rows.filter((x) => x.part === 'prev').map((x) => [label(x), scale(x.v)]));
  return rows
    .filter((x) => x.part === 'cur')
    .map((x) => {
      const value = scale(x.v);
      if (!r.comparison) return { group: label(x), value };
      const before = prev.get(label(x)) ?? null;
      return {
        group: label(x),
        value: value === null || before === null || before === 0 ? null : ((value - before) / before) * 100,
      };
    });
}

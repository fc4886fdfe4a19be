// An Explore query (lib/zod/explore.ts) made ready to run against its dataset (#61): the keys resolved, each
// aggregate checked against what it reads, the range fixed to instants and the interval picked. Refusals name the
// part of the query at fault (400).
import {
  autoInterval,
  durationMs,
  parseAggregate,
  type Aggregate,
  type AggregateFunction,
  type ExploreQuery,
} from '@/lib/zod/explore';
import { parseExploreFilter } from '@/lib/zod/explore-filter';
import type { Dataset } from './dataset';
import { filterConditions, type ScopeProject } from './compile-filter';
import { addNeeds, numberSql, resolveKey, textSql, typeOf } from './fields';
import { Params, refuse } from './params';
import { datasetNamed, DATASETS } from './registry';

const DAY_MS = 86_400_000;
/** The statuses failure_rate() does not count as failures, as Sentry's. */
const NOT_FAILED = ['ok', 'cancelled', 'unknown'];
const PERCENTILES: Partial<Record<AggregateFunction, number>> = {
  p50: 0.5,
  p75: 0.75,
  p90: 0.9,
  p95: 0.95,
  p99: 0.99,
};

export type Unit = 'millisecond' | 'ratio' | 'per_minute' | null;

export type CompiledAggregate = Aggregate & {
  text: string;
  /** The value the aggregate reads from each row (null: count() reads none). */
  input: string | null;
  /** What scales with a sample (counts and sums are multiplied back; averages, percentiles and ratios are not). */
  extrapolate: boolean;
  unit: Unit;
};

export type CompiledGroup = { name: string; sql: string; project: boolean };

export type Compiled = {
  dataset: Dataset;
  params: Params;
  needs: Set<string>;
  /** Conditions over the dataset's aliases, ANDed: projects, receipt (partitions), time and the filter. */
  where: string[];
  groups: CompiledGroup[];
  aggregates: CompiledAggregate[];
  startMs: number;
  endMs: number;
  intervalMs: number;
  interval: string;
  topN: number;
  limit: number;
  projects: ScopeProject[];
};

/** Where the instants come from (a clock, the plan's retention), so compiling stays a pure function of them. */
export type CompileContext = {
  nowMs: number;
  retentionDays: number;
  projects: ScopeProject[];
  /** The parameters to add to: a second range in the same statement (a metric alert's comparison, #62). */
  params?: Params;
};

/**
 * How long before or after its own time an item may have been received and still be read: the partitions (by day of
 * receipt) and their time index narrow every read to the range and an hour either side (docs/explore.md).
 */
export const RECEIVED_SLACK_MS = 3_600_000;

function aggregateOf(
  d: Dataset,
  c: { params: Params; needs: Set<string> },
  text: string,
  i: number,
): CompiledAggregate {
  const a = parseAggregate(text) as Aggregate;
  const path = ['aggregates', i];
  const base = { ...a, text, extrapolate: false, unit: null as Unit };
  if (a.fn === 'failure_rate') {
    if (!d.status) refuse({ path, message: `failure_rate() is for transactions and spans, not ${d.name}` });
    addNeeds(c.needs, d.needs?.status);
    const failed = `CASE WHEN ${d.status} IS NULL OR ${d.status} = ANY(${c.params.add(NOT_FAILED, 'text[]')}) THEN 0 ELSE 1 END`;
    return { ...base, input: failed, unit: 'ratio' };
  }
  if (a.fn === 'epm' || a.fn === 'spm') {
    if (!d.rates.includes(a.fn)) refuse({ path, message: `${a.fn}() counts spans: use epm() for ${d.name}` });
    return { ...base, input: null, extrapolate: true, unit: 'per_minute' };
  }
  if (a.field === null) return { ...base, input: null, extrapolate: true };
  const r = resolveKey(d, a.field, { params: c.params, path });
  addNeeds(c.needs, r);
  if (a.fn === 'count') return { ...base, input: textSql(d, r), extrapolate: true };
  if (a.fn === 'count_unique') return { ...base, input: textSql(d, r) };
  const input = numberSql(d, r);
  if (input === null)
    refuse({
      path,
      message: `${a.fn}() needs a number: "${a.field}" of ${d.name} is text (count_unique() counts its values)`,
    });
  return { ...base, input, extrapolate: a.fn === 'sum', unit: typeOf(r) === 'duration' ? 'millisecond' : null };
}

/** The instants of the range, and its refusal when it reaches past the plan's retention. */
function rangeOf(q: ExploreQuery, c: CompileContext): { startMs: number; endMs: number } {
  const period = q.statsPeriod ? durationMs(q.statsPeriod, 'period')! : null;
  const endMs = period !== null ? c.nowMs : Date.parse(q.end!);
  const startMs = period !== null ? c.nowMs - period : Date.parse(q.start!);
  if (startMs < c.nowMs - c.retentionDays * DAY_MS)
    refuse({
      path: [q.statsPeriod ? 'statsPeriod' : 'start'],
      message: `The range reaches back past ${c.retentionDays} days, as long as this organization's plan keeps data`,
    });
  return { startMs, endMs };
}

export function compileQuery(q: ExploreQuery, c: CompileContext): Compiled {
  const d = datasetNamed(q.dataset);
  if (!d)
    refuse({
      path: ['dataset'],
      message: `Unknown dataset "${q.dataset}": use ${DATASETS.map((x) => x.name).join(', ')}`,
    });
  const dataset = d!;
  const params = c.params ?? new Params();
  const needs = new Set<string>(dataset.needs?.always);
  const aggregates = q.aggregates.map((a, i) => aggregateOf(dataset, { params, needs }, a, i));
  const groups = q.groupBy.map((name, i) => {
    const r = resolveKey(dataset, name, { params, path: ['groupBy', i] });
    addNeeds(needs, r);
    return { name, sql: textSql(dataset, r), project: r.kind === 'field' && Boolean(r.field.project) };
  });
  const { startMs, endMs } = rangeOf(q, c);
  const interval = q.interval ?? autoInterval(endMs - startMs);
  const projectKeys = c.projects.map((p) => (dataset.project.by === 'id' ? p.id : p.number));
  const type = dataset.project.by === 'id' ? 'text' : 'int';
  const where = [
    // One project as an equality: an index on (project, time) then also gives the rows newest first.
    projectKeys.length === 1
      ? `${dataset.project.sql} = ${params.add(projectKeys[0], type)}`
      : `${dataset.project.sql} = ANY(${params.add(projectKeys, `${type}[]`)})`,
    `${dataset.received} >= ${params.add(new Date(startMs - RECEIVED_SLACK_MS).toISOString(), 'timestamptz')}`,
    `${dataset.received} < ${params.add(new Date(endMs + RECEIVED_SLACK_MS).toISOString(), 'timestamptz')}`,
    `${dataset.time} >= ${params.add(new Date(startMs).toISOString(), 'timestamptz')}`,
    `${dataset.time} < ${params.add(new Date(endMs).toISOString(), 'timestamptz')}`,
  ];
  const filter = parseExploreFilter(q.query);
  // The schema refused a malformed filter already; this is for a value built without it.
  if (!filter.ok) return refuse({ path: ['query'], message: filter.reason, position: filter.position });
  where.push(...filterConditions({ dataset, params, needs, projects: c.projects }, filter.filters));
  return {
    dataset,
    params,
    needs,
    where,
    groups,
    aggregates,
    startMs,
    endMs,
    intervalMs: durationMs(interval, 'interval')!,
    interval,
    topN: q.topN,
    limit: q.limit,
    projects: c.projects,
  };
}

/** The SQL of an aggregate over the base rows' column `col` (its input). */
export function aggregateSql(a: CompiledAggregate, col: string): string {
  const p = PERCENTILES[a.fn];
  if (p !== undefined) return `percentile_cont(${p}) WITHIN GROUP (ORDER BY ${col})`;
  switch (a.fn) {
    case 'count':
      return a.input === null ? 'count(*)::float8' : `count(${col})::float8`;
    case 'epm':
    case 'spm':
      return 'count(*)::float8';
    case 'count_unique':
      return `count(DISTINCT ${col})::float8`;
    case 'failure_rate':
      return `avg(${col})::float8`;
    default:
      return `${a.fn}(${col})::float8`;
  }
}

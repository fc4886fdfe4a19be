// An Explore query (#61) as one serialisable value: what the Explore page keeps in its URL, what a saved query, a
// dashboard widget or an alert rule stores and runs again. The value's own syntax is checked here (aggregates,
// group-by, range, interval, the filter's terms); whether a field exists in the dataset, and whether an aggregate
// suits it, is the dataset's business (lib/explore). Pure: no clock (a relative range stays relative).
import { z } from 'zod';
import { FIELD_KEY, parseExploreFilter } from './explore-filter';

export const EXPLORE_LIMITS = {
  aggregates: 5,
  groupBy: 3,
  projects: 100,
  topN: 10,
  tableRows: 1000,
  buckets: 200,
  rangeDays: 90,
} as const;
export const MIN_INTERVAL_MS = 60_000;
const MIN_RANGE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Functions with what they take: a field (`field`), nothing (`none`) or either (`optional`). */
export const AGGREGATE_FUNCTIONS = {
  count: 'optional',
  count_unique: 'field',
  sum: 'field',
  avg: 'field',
  min: 'field',
  max: 'field',
  p50: 'field',
  p75: 'field',
  p90: 'field',
  p95: 'field',
  p99: 'field',
  failure_rate: 'none',
  epm: 'none',
  spm: 'none',
} as const;
export type AggregateFunction = keyof typeof AGGREGATE_FUNCTIONS;
export type Aggregate = { fn: AggregateFunction; field: string | null };

export const CHART_TYPES = ['line', 'area', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** `p95(span.duration)` → { fn: 'p95', field: 'span.duration' }; a reason when it is not one. */
export function parseAggregate(text: string): Aggregate | string {
  const m = /^([a-z_0-9]+)\(([^()]*)\)$/.exec(text.trim());
  if (!m) return `"${text}" is not an aggregate: write function(field), e.g. p95(span.duration) or count()`;
  const fn = m[1] as AggregateFunction;
  const field = m[2].trim();
  const takes = AGGREGATE_FUNCTIONS[fn];
  if (!takes) return `Unknown function "${m[1]}": use ${Object.keys(AGGREGATE_FUNCTIONS).join(', ')}`;
  if (takes === 'none' && field) return `${fn}() takes no field`;
  if (takes === 'field' && !field) return `${fn}() needs a field, e.g. ${fn}(span.duration)`;
  if (field && !FIELD_KEY.test(field)) return `"${field}" is not a valid field name`;
  return { fn, field: field || null };
}

export const aggregateText = (a: Aggregate) => `${a.fn}(${a.field ?? ''})`;

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS };
const PERIOD = /^(\d{1,5})([mhdw])$/;
const INTERVAL = /^(\d{1,5})([smhd])$/;

/** `24h` → 86,400,000; null when it is not a period (m, h, d, w) or, with `interval`, an interval (s, m, h, d). */
export function durationMs(text: string, kind: 'period' | 'interval'): number | null {
  const m = (kind === 'period' ? PERIOD : INTERVAL).exec(text);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : null;
}

const NICE_INTERVALS = ['1m', '5m', '10m', '15m', '30m', '1h', '2h', '3h', '6h', '12h', '1d'];
/** Buckets an automatic interval aims at: a line of this many points reads well at any width. */
const AUTO_BUCKETS = 150;

/** The interval picked for a range: the smallest round one giving at most 150 buckets (a day for longer). */
export function autoInterval(rangeMs: number): string {
  return NICE_INTERVALS.find((i) => rangeMs / durationMs(i, 'interval')! <= AUTO_BUCKETS) ?? '1d';
}

/** The smallest round interval keeping a range within the bucket limit, for the refusal's advice. */
function smallestAllowed(rangeMs: number): string {
  return NICE_INTERVALS.find((i) => Math.ceil(rangeMs / durationMs(i, 'interval')!) <= EXPLORE_LIMITS.buckets) ?? '1d';
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** The range in ms, when the value says it without a clock (a period, or start and end). */
export function rangeLengthMs(q: { statsPeriod?: string; start?: string; end?: string }): number | null {
  if (q.statsPeriod) return durationMs(q.statsPeriod, 'period');
  if (q.start && q.end) return Date.parse(q.end) - Date.parse(q.start);
  return null;
}

const isoDate = z.iso.datetime({ offset: true, message: 'A date and time in ISO 8601, e.g. 2026-12-01T00:00:00Z' });

const baseQuery = z.object({
  dataset: z
    .string({ message: 'A dataset: errors, transactions, spans, logs or metrics' })
    .regex(/^[a-z][a-z_]{0,31}$/, 'A dataset: errors, transactions, spans, logs or metrics'),
  query: z.string().max(500, 'The query is longer than 500 characters').default(''),
  aggregates: z
    .array(z.string().max(250))
    .min(1, 'At least one aggregate, e.g. count()')
    .max(EXPLORE_LIMITS.aggregates, `At most ${EXPLORE_LIMITS.aggregates} aggregates`)
    .default(['count()']),
  groupBy: z
    .array(z.string().regex(FIELD_KEY, 'A group-by field is a field or attribute name'))
    .max(EXPLORE_LIMITS.groupBy, `At most ${EXPLORE_LIMITS.groupBy} group-by fields`)
    .default([]),
  projects: z
    .array(z.string().min(1).max(64))
    .max(EXPLORE_LIMITS.projects, `At most ${EXPLORE_LIMITS.projects} projects in one query`)
    .default([]),
  statsPeriod: z.string().optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
  interval: z.string().optional(),
  topN: z
    .number()
    .int()
    .min(1, `Top series: 1 to ${EXPLORE_LIMITS.topN}`)
    .max(EXPLORE_LIMITS.topN, `Top series: 1 to ${EXPLORE_LIMITS.topN}`)
    .default(5),
  limit: z
    .number()
    .int()
    .min(1, `Table rows: 1 to ${EXPLORE_LIMITS.tableRows}`)
    .max(EXPLORE_LIMITS.tableRows, `Table rows: 1 to ${EXPLORE_LIMITS.tableRows}`)
    .default(100),
});

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string, position?: number) =>
  ctx.addIssue({ code: 'custom', path: [path], message, ...(position === undefined ? {} : { params: { position } }) });

function checkRange(q: z.infer<typeof baseQuery>, ctx: Ctx): number | null {
  if (q.statsPeriod !== undefined && (q.start !== undefined || q.end !== undefined)) {
    issue(ctx, 'statsPeriod', 'Give either statsPeriod or start and end, not both');
    return null;
  }
  if ((q.start === undefined) !== (q.end === undefined)) {
    issue(ctx, q.start === undefined ? 'start' : 'end', 'Give both start and end');
    return null;
  }
  const max = `${EXPLORE_LIMITS.rangeDays} days`;
  const len = rangeLengthMs(q);
  if (q.statsPeriod !== undefined && len === null) {
    issue(ctx, 'statsPeriod', 'A period is a number and a unit (m, h, d, w), e.g. 24h or 14d');
    return null;
  }
  if (len === null) return null;
  if (len < MIN_RANGE_MS) {
    issue(ctx, q.statsPeriod ? 'statsPeriod' : 'end', 'The range must be at least a minute long (end after start)');
    return null;
  }
  if (len > EXPLORE_LIMITS.rangeDays * DAY_MS) {
    issue(ctx, q.statsPeriod ? 'statsPeriod' : 'start', `The range is longer than ${max}, the most one query reads`);
    return null;
  }
  return len;
}

function checkInterval(interval: string, len: number, ctx: Ctx) {
  const ms = durationMs(interval, 'interval');
  if (ms === null) return issue(ctx, 'interval', 'An interval is a number and a unit (s, m, h, d), e.g. 5m or 1h');
  if (ms < MIN_INTERVAL_MS) return issue(ctx, 'interval', 'The interval must be at least 1m');
  const buckets = Math.ceil(len / ms);
  if (buckets > EXPLORE_LIMITS.buckets)
    issue(
      ctx,
      'interval',
      `An interval of ${interval} makes ${plural(buckets, 'bucket')} over this range: at most ${EXPLORE_LIMITS.buckets} (use ${smallestAllowed(len)} or more)`,
    );
}

/** The query value, checked; a relative range without one is the last 24 hours. */
export const exploreQuerySchema = baseQuery
  .superRefine((q, ctx) => {
    const filter = parseExploreFilter(q.query);
    if (!filter.ok) issue(ctx, 'query', filter.reason, filter.position);
    q.aggregates.forEach((a, i) => {
      const parsed = parseAggregate(a);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', path: ['aggregates', i], message: parsed });
    });
    if (new Set(q.groupBy).size !== q.groupBy.length) issue(ctx, 'groupBy', 'A field is grouped by twice');
    const len = checkRange(q, ctx);
    if (q.interval !== undefined) checkInterval(q.interval, len ?? DAY_MS, ctx);
  })
  .transform((q) => ({
    ...q,
    aggregates: q.aggregates.map((a) => aggregateText(parseAggregate(a) as Aggregate)),
    statsPeriod: q.statsPeriod ?? (q.start ? undefined : '24h'),
  }));
export type ExploreQuery = z.output<typeof exploreQuerySchema>;
export type ExploreQueryInput = z.input<typeof exploreQuerySchema>;

/** `a,b(c),d` → ['a', 'b(c)', 'd']: commas inside parentheses stay (none are valid there, the aggregate says so). */
function splitList(s: string | undefined): string[] | undefined {
  if (s === undefined || s.trim() === '') return undefined;
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const whole = (label: string) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `${label}: a whole number`)
    .transform(Number)
    .optional();

const searchShape = {
  dataset: z.string().default('spans'),
  query: z.string().optional(),
  aggregate: z.string().max(1300).optional(),
  groupBy: z.string().max(700).optional(),
  project: z.string().max(6600).optional(),
  statsPeriod: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  interval: z.string().optional(),
  topN: whole('Top series'),
  limit: whole('Table rows'),
};
type SearchParams = z.infer<z.ZodObject<typeof searchShape>>;

/** The value a query string spells (an empty parameter is an absent one), checked, its issues passed on. */
function valueOfParams(p: SearchParams, ctx: Ctx): ExploreQuery {
  const parsed = exploreQuerySchema.safeParse({
    dataset: p.dataset,
    query: p.query,
    aggregates: splitList(p.aggregate),
    groupBy: splitList(p.groupBy),
    projects: splitList(p.project),
    statsPeriod: p.statsPeriod || undefined,
    start: p.start || undefined,
    end: p.end || undefined,
    interval: p.interval || undefined,
    topN: p.topN,
    limit: p.limit,
  });
  if (parsed.success) return parsed.data;
  for (const i of parsed.error.issues) {
    const position = (i as { params?: { position?: unknown } }).params?.position;
    ctx.addIssue({ code: 'custom', path: i.path, message: i.message, params: { position } });
  }
  return z.NEVER;
}

/** The same value as a URL's query string (the page's address, GET …/explore): lists comma-separated. */
export const exploreSearchParamsSchema = z.object(searchShape).transform(valueOfParams);

/** The query string of a value: what exploreSearchParamsSchema reads back (defaults left out). */
export function exploreSearchParams(q: ExploreQueryInput): URLSearchParams {
  const p = new URLSearchParams({ dataset: q.dataset });
  if (q.query) p.set('query', q.query);
  if (q.aggregates?.length) p.set('aggregate', q.aggregates.join(','));
  if (q.groupBy?.length) p.set('groupBy', q.groupBy.join(','));
  if (q.projects?.length) p.set('project', q.projects.join(','));
  if (q.start && q.end) {
    p.set('start', q.start);
    p.set('end', q.end);
  } else if (q.statsPeriod) p.set('statsPeriod', q.statsPeriod);
  if (q.interval) p.set('interval', q.interval);
  if (q.topN !== undefined && q.topN !== 5) p.set('topN', String(q.topN));
  if (q.limit !== undefined && q.limit !== 100) p.set('limit', String(q.limit));
  return p;
}

/** The samples behind a row of the table: the query, and the row's group values (a JSON array, as the table gives). */
export const exploreSamplesParamsSchema = z
  .object({
    ...searchShape,
    group: z
      .string()
      .max(4000)
      .default('[]')
      .transform((s, ctx) => {
        try {
          const v: unknown = JSON.parse(s);
          if (
            Array.isArray(v) &&
            v.length <= EXPLORE_LIMITS.groupBy &&
            v.every((x) => x === null || typeof x === 'string')
          )
            return v as (string | null)[];
        } catch {
          // Answered below.
        }
        ctx.addIssue({ code: 'custom', message: 'A group is a JSON array of up to 3 strings or nulls' });
        return z.NEVER;
      }),
  })
  .transform((p, ctx) => ({ query: valueOfParams(p, ctx), group: p.group }));

const name = z
  .string({ message: 'A name of 1 to 100 characters' })
  .trim()
  .min(1, 'A name of 1 to 100 characters')
  .max(100, 'A name of 1 to 100 characters');

export const savedQueryBody = z.object({
  name,
  query: exploreQuerySchema,
  chart: z.enum(CHART_TYPES, { message: 'Chart: line, area or bar' }).default('line'),
});
export const savedQueryPatch = z
  .object({
    name: name.optional(),
    query: exploreQuerySchema.optional(),
    chart: z.enum(CHART_TYPES, { message: 'Chart: line, area or bar' }).optional(),
  })
  .refine((b) => b.name !== undefined || b.query !== undefined || b.chart !== undefined, 'Nothing to change');
export const savedQueryParams = z.object({ id: z.string().min(1).max(64) });

// Sentry's usage stats (`GET /organizations/{org}/stats_v2/`), from the outcomes every item received is counted as
// (lib/outcomes, the Stats page): per UTC day, grouped by outcome, category, reason or project. A category Sentry has
// and we do not keep (`profile_duration`, `log_byte`…) answers Sentry's empty result. Our `over_quota` is Sentry's
// `rate_limited` (its quota refusals carry that outcome) and our `unsupported` its `invalid`.
import { AppError } from '@/lib/errors';
import { clock } from '@/lib/clock';
import { readPool } from '@/lib/replica';
import { CATEGORIES } from '@/lib/outcomes/categories';
import { periodMs } from '@/lib/zod/sentry-api';

const DAY_MS = 86_400_000;
const GROUPS = ['outcome', 'category', 'reason', 'project'] as const;
type GroupBy = (typeof GROUPS)[number];
const SENTRY_OUTCOME: Record<string, string> = { over_quota: 'rate_limited', unsupported: 'invalid' };

export type StatsV2Request = {
  field: string[];
  groupBy: string[];
  category: string[];
  outcome: string[];
  interval?: string;
  statsPeriod?: string;
  start?: Date;
  end?: Date;
  projects: { id: string; number: number }[];
};

const refuse = (detail: string): never => {
  throw new AppError('BAD_REQUEST', detail);
};

function range(req: StatsV2Request): { start: number; end: number } {
  const now = clock.nowMs();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (req.start && req.end) return { start: Math.floor(req.start.getTime() / DAY_MS) * DAY_MS, end: req.end.getTime() };
  const ms = periodMs(req.statsPeriod ?? '14d') ?? refuse(`Invalid statsPeriod "${req.statsPeriod}"`);
  return { start: today - (Math.ceil(ms / DAY_MS) - 1) * DAY_MS, end: now };
}

export async function statsV2(req: StatsV2Request) {
  const fields = req.field.length ? req.field : refuse('At least one field is required: sum(quantity)');
  // sum(times_seen) counts outcome records in Sentry, which we fold into daily sums.
  for (const f of fields) if (f !== 'sum(quantity)') refuse(`Invalid field "${f}": this server answers sum(quantity)`);
  const groupBy = req.groupBy.map((g) =>
    (GROUPS as readonly string[]).includes(g)
      ? (g as GroupBy)
      : refuse(`Invalid groupBy "${g}": use ${GROUPS.join(', ')}`),
  );
  // Counted per day: a finer interval would split each day's count arbitrarily.
  if (req.interval && !/^(\d+)d$/.test(req.interval))
    refuse(`Invalid interval "${req.interval}": outcomes are kept per day (1d)`);
  const step = Number(/^(\d+)d$/.exec(req.interval ?? '1d')![1]) * DAY_MS;
  const { start, end } = range(req);
  const intervals = Array.from({ length: Math.max(1, Math.ceil((end - start) / step)) }, (_, i) => start + i * step);
  const ours = req.category.filter((c) => (CATEGORIES as readonly string[]).includes(c));
  const rows =
    req.projects.length === 0 || (req.category.length > 0 && ours.length === 0)
      ? []
      : (
          await readPool().query<{
            project_id: string;
            day: Date;
            category: string;
            outcome: string;
            reason: string;
            n: string;
          }>(
            `SELECT project_id, day, category, outcome, reason, sum(quantity)::text AS n FROM outcomes
              WHERE project_id = ANY($1::text[]) AND day >= $2::date AND day <= $3::date
                AND ($4::text[] IS NULL OR category = ANY($4::text[]))
              GROUP BY 1, 2, 3, 4, 5`,
            [req.projects.map((p) => p.id), new Date(start), new Date(end), req.category.length ? ours : null],
          )
        ).rows;
  const numberOf = new Map(req.projects.map((p) => [p.id, p.number]));
  const groups = new Map<string, { by: Record<string, unknown>; series: number[] }>();
  for (const r of rows) {
    const outcome = SENTRY_OUTCOME[r.outcome] ?? r.outcome;
    if (req.outcome.length && !req.outcome.includes(outcome)) continue;
    const by: Record<string, unknown> = {};
    for (const g of groupBy)
      by[g] =
        g === 'outcome'
          ? outcome
          : g === 'category'
            ? r.category
            : g === 'reason'
              ? r.reason || 'none'
              : numberOf.get(r.project_id);
    const key = JSON.stringify(by);
    const group = groups.get(key) ?? { by, series: intervals.map(() => 0) };
    groups.set(key, group);
    const slot = Math.floor((r.day.getTime() - start) / step);
    if (slot >= 0 && slot < intervals.length) group.series[slot] += Number(r.n);
  }
  return {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    intervals: intervals.map((t) => new Date(t).toISOString()),
    groups: [...groups.values()].map((g) => {
      const total = g.series.reduce((a, b) => a + b, 0);
      return {
        by: g.by,
        totals: Object.fromEntries(fields.map((f) => [f, total])),
        series: Object.fromEntries(fields.map((f) => [f, g.series])),
      };
    }),
  };
}

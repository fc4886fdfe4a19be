// The Stats page's numbers: per UTC day and outcome, and per (category, outcome, reason), for one project or the
// whole organization. Reads the `outcomes` rollup only.
import { readPool } from '@/lib/replica';
import { clock, monthOf } from '@/lib/clock';
import { CATEGORIES, OUTCOMES, type Category, type Outcome } from './categories';
import { flushOutcomes, lastFlushPosition } from './record-outcome';

const DAY_MS = 86_400_000;

export type StatsDay = { date: string } & Record<Outcome, number>;
export type StatsRow = { category: Category; outcome: Outcome; reason: string; quantity: number };
/** One category's items of the range: its totals by outcome and its days. */
export type CategoryStats = { category: Category; totals: Record<Outcome, number>; series: StatsDay[] };
export type Stats = {
  days: number;
  since: string;
  until: string;
  category: Category | null;
  /** Every day of the range, oldest first. */
  series: StatsDay[];
  totals: Record<Outcome, number>;
  /** Most first. */
  rows: StatsRow[];
  /** Each category that had any item in the range, in CATEGORIES order; totals and series of one kind of thing. */
  categories: CategoryStats[];
  /**
   * This UTC month's accepted items per category (every category, zeros included), whatever the range: accepted
   * errors and security reports are the events the monthly quota counts (`used` of the usage answer, for the whole
   * organization).
   */
  month: { month: string; since: string; accepted: Record<Category, number> };
  /**
   * Session replays begun in the range, each once by its id (#60): the `replay` category counts what came, one item a
   * segment (a replay sends several), so 10 replays read as 17 there.
   */
  replays: number;
};

const zeros = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;

export async function readStats(
  scope: { orgId: string; projectId?: string },
  days: number,
  category?: Category,
): Promise<Stats> {
  // This instance's counts of the last second are added first, so a read right after sending sees them (on a
  // replica only once it has replayed that flush).
  await flushOutcomes();
  const today = new Date(Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS);
  const first = new Date(today.getTime() - (days - 1) * DAY_MS);
  const month = monthOf(today);
  const monthStart = `${month}-01`;
  const firstDay = first.toISOString().slice(0, 10);
  const replays = readPool(lastFlushPosition()).query<{ n: string }>(
    `SELECT count(*)::text AS n FROM replays r JOIN projects p ON p.id = r.project_id
      WHERE p.org_id = $1 AND ($2::text IS NULL OR r.project_id = $2) AND r.started_at >= $3::date`,
    [scope.orgId, scope.projectId ?? null, firstDay],
  );
  const { rows } = await readPool(lastFlushPosition()).query<{
    day: string;
    category: Category;
    outcome: Outcome;
    reason: string;
    quantity: string;
  }>(
    `SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.category, o.outcome, o.reason, sum(o.quantity)::text AS quantity
       FROM outcomes o JOIN projects p ON p.id = o.project_id
      WHERE p.org_id = $1 AND ($2::text IS NULL OR o.project_id = $2) AND o.day >= LEAST($3::date, $5::date)
        AND ($4::text IS NULL OR o.category = $4)
      GROUP BY 1, 2, 3, 4`,
    [scope.orgId, scope.projectId ?? null, firstDay, category ?? null, monthStart],
  );
  const emptyDays = () => {
    const byDay = new Map<string, StatsDay>();
    for (let t = first.getTime(); t <= today.getTime(); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      byDay.set(date, { date, ...zeros() });
    }
    return byDay;
  };
  const byDay = emptyDays();
  const totals = zeros();
  const perCategory = new Map<Category, { totals: Record<Outcome, number>; byDay: Map<string, StatsDay> }>();
  const monthAccepted = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const grouped = new Map<string, StatsRow>();
  for (const r of rows) {
    const n = Number(r.quantity);
    // The month's first days can lie before the range: they count for `month` only.
    if (r.day >= monthStart && r.outcome === 'accepted' && r.category in monthAccepted) monthAccepted[r.category] += n;
    if (r.day < firstDay) continue;
    if (r.outcome in totals) {
      const own = perCategory.get(r.category) ?? { totals: zeros(), byDay: emptyDays() };
      perCategory.set(r.category, own);
      totals[r.outcome] += n;
      own.totals[r.outcome] += n;
      const day = byDay.get(r.day);
      const ownDay = own.byDay.get(r.day);
      if (day) day[r.outcome] += n;
      if (ownDay) ownDay[r.outcome] += n;
    }
    const key = `${r.category}\u0001${r.outcome}\u0001${r.reason}`;
    const row = grouped.get(key) ?? { category: r.category, outcome: r.outcome, reason: r.reason, quantity: 0 };
    row.quantity += n;
    grouped.set(key, row);
  }
  const sorted = [...grouped.values()].sort(
    (a, b) =>
      b.quantity - a.quantity ||
      a.category.localeCompare(b.category) ||
      a.outcome.localeCompare(b.outcome) ||
      a.reason.localeCompare(b.reason),
  );
  return {
    days,
    since: first.toISOString(),
    until: new Date(today.getTime() + DAY_MS).toISOString(),
    category: category ?? null,
    series: [...byDay.values()],
    totals,
    rows: sorted,
    categories: CATEGORIES.flatMap((c) => {
      const own = perCategory.get(c);
      return own ? [{ category: c, totals: own.totals, series: [...own.byDay.values()] }] : [];
    }),
    month: { month, since: `${monthStart}T00:00:00.000Z`, accepted: monthAccepted },
    replays: Number((await replays).rows[0]?.n ?? 0),
  };
}

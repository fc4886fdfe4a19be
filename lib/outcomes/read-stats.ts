// The Stats page's numbers: per UTC day and outcome, and per (category, outcome, reason), for one project or the
// whole organization. Reads the `outcomes` rollup only.
import { readPool } from '@/lib/replica';
import { clock } from '@/lib/clock';
import { OUTCOMES, type Category, type Outcome } from './categories';
import { flushOutcomes, lastFlushPosition } from './record-outcome';

const DAY_MS = 86_400_000;

export type StatsDay = { date: string } & Record<Outcome, number>;
export type StatsRow = { category: Category; outcome: Outcome; reason: string; quantity: number };
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
  const { rows } = await readPool(lastFlushPosition()).query<{
    day: string;
    category: Category;
    outcome: Outcome;
    reason: string;
    quantity: string;
  }>(
    `SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.category, o.outcome, o.reason, sum(o.quantity)::text AS quantity
       FROM outcomes o JOIN projects p ON p.id = o.project_id
      WHERE p.org_id = $1 AND ($2::text IS NULL OR o.project_id = $2) AND o.day >= $3::date
        AND ($4::text IS NULL OR o.category = $4)
      GROUP BY 1, 2, 3, 4`,
    [scope.orgId, scope.projectId ?? null, first.toISOString().slice(0, 10), category ?? null],
  );
  const byDay = new Map<string, StatsDay>();
  for (let t = first.getTime(); t <= today.getTime(); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    byDay.set(date, { date, ...zeros() });
  }
  const totals = zeros();
  const grouped = new Map<string, StatsRow>();
  for (const r of rows) {
    const n = Number(r.quantity);
    const day = byDay.get(r.day);
    if (day && r.outcome in totals) day[r.outcome] += n;
    if (r.outcome in totals) totals[r.outcome] += n;
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
  };
}

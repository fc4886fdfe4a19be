// The monthly metric quota (#61): metric points are metered apart from events (as profiles and replays are), one per
// point, FREE 5,000,000 and PRO 500,000,000 a month; none without plan limits (PLAN_LIMITS=off), where the month's
// points are still counted. A batch of requests takes its points from each organization's month in one statement, in
// the order the requests came: a request that no longer fits keeps the points that do and the rest are over quota.
import { planLimitsEnforced } from '@/lib/billing/plans';
import { clock, monthOf } from '@/lib/clock';
import { pool } from '@/lib/pg';

export const METRIC_QUOTA = { FREE: 5_000_000, PRO: 500_000_000 } as const;

const g = globalThis as unknown as { trackerMetricUsageRows?: Set<string> };
const made = (g.trackerMetricUsageRows ??= new Set());

/** Makes the month's rows of `orgs` (the claim raises them). */
async function makeRows(orgs: string[], month: string): Promise<void> {
  await pool().query(
    `INSERT INTO monthly_usage (org_id, month) SELECT unnest($1::text[]), $2 ON CONFLICT (org_id, month) DO NOTHING`,
    [orgs, month],
  );
  if (made.size > 10_000) made.clear();
  for (const o of orgs) made.add(`${o}|${month}`);
}

// The rows are locked first (FOR UPDATE reads their latest counts), then raised by what fitted, in one statement.
const CLAIM = `WITH d AS (SELECT * FROM unnest($1::text[], $3::int[]) AS d(org_id, want)),
  cur AS (SELECT m.org_id, CASE WHEN $4::jsonb IS NULL THEN d.want
              ELSE least(d.want, greatest(0, ($4::jsonb ->> (SELECT plan::text FROM organizations WHERE id = m.org_id))::int - m.metrics))
              END AS granted
          FROM monthly_usage m JOIN d ON d.org_id = m.org_id WHERE m.month = $2 ORDER BY m.org_id FOR UPDATE OF m),
  upd AS (UPDATE monthly_usage m SET metrics = m.metrics + cur.granted FROM cur
          WHERE m.org_id = cur.org_id AND m.month = $2 AND cur.granted > 0)
  SELECT org_id, granted FROM cur`;

/** Takes up to `want` points of each organization's month; what each got (0 when its quota is used up). */
export async function claimMetricQuota(want: Map<string, number>): Promise<Map<string, number>> {
  const orgs = [...want.keys()].sort();
  if (orgs.length === 0) return new Map();
  const month = monthOf(clock.now());
  // A process makes an organization's row of the month once, not on every claim.
  const fresh = orgs.filter((o) => !made.has(`${o}|${month}`));
  if (fresh.length > 0) await makeRows(fresh, month);
  const limits = planLimitsEnforced() ? JSON.stringify(METRIC_QUOTA) : null;
  const claim = async (which: string[]) =>
    (
      await pool().query<{ org_id: string; granted: number }>(CLAIM, [
        which,
        month,
        which.map((o) => want.get(o)!),
        limits,
      ])
    ).rows;
  const rows = await claim(orgs);
  // A row gone since this process made it (an organization's usage reset): made again, and claimed.
  const missing = orgs.filter((o) => !rows.some((r) => r.org_id === o));
  if (missing.length > 0) {
    await makeRows(missing, month);
    rows.push(...(await claim(missing)));
  }
  return new Map(rows.map((r) => [r.org_id, r.granted]));
}

/** Gives back points taken but not stored (their project was deleted meanwhile, or the write failed). */
export async function returnMetricQuota(back: Map<string, number>): Promise<void> {
  const orgs = [...back.entries()].filter(([, n]) => n > 0);
  if (orgs.length === 0) return;
  await pool().query(
    `UPDATE monthly_usage m SET metrics = greatest(m.metrics - d.n, 0)
     FROM unnest($1::text[], $3::int[]) AS d(org_id, n) WHERE m.org_id = d.org_id AND m.month = $2`,
    [orgs.map(([o]) => o), monthOf(clock.now()), orgs.map(([, n]) => n)],
  );
}

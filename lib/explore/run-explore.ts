// Runs an Explore query for an organization (#61): its projects (all, or those the query names: another
// organization's is a 404), the plan's retention, then in one read-only transaction with its own statement timeout
// the planner's estimate, the choice of exact or sampled (sampling.ts) and the one statement. A statement stopped
// by the timeout is a 400 that says which limit it met, never a hung page.
import type pg from 'pg';
import { notFound } from '@/lib/errors';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { withReadSession } from '@/lib/read-session';
import { readSessionPool } from '@/lib/replica';
import { retentionDays } from '@/lib/retention/purge-old-data';
import type { ExploreQuery } from '@/lib/zod/explore';
import { clock } from '@/lib/clock';
import { compileQuery, type Compiled } from './compile';
import type { ScopeProject } from './compile-filter';
import { exploreSql, type ExploreStatement } from './build-sql';
import { chooseSampling, scansOf, type Choice } from './sampling';
import { shapeResult, type Row } from './shape-result';
import { runMetricRollups } from './metric-rollups';
import { recentMetricRollups } from './metric-recent';
import { metricRetentionDays } from '@/lib/metrics-store/retention';

/** EXPLORE_STATEMENT_TIMEOUT_MS (default 10,000): the longest one Explore statement may run. */
export function statementTimeoutMs(): number {
  const n = Number(process.env.EXPLORE_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 100 ? n : 10_000;
}

/** The organization's projects the query reads, and how far back its plan keeps data. */
export async function exploreScope(t: OrgTenant, q: Pick<ExploreQuery, 'projects'>) {
  const { rows } = await readSessionPool().query<ScopeProject & { plan: 'FREE' | 'PRO' }>(
    `SELECT p.id, p.number, p.slug, p.name, o.plan FROM organizations o JOIN projects p ON p.org_id = o.id
      WHERE o.id = $1 ORDER BY p.name, p.id`,
    [t.orgId],
  );
  const plan = rows[0]?.plan ?? 'FREE';
  const projects = rows.map(({ plan: _plan, ...p }) => p);
  // A project the query names that is not this organization's is not found, as it would be anywhere else.
  for (const id of q.projects) if (!projects.some((p) => p.id === id)) throw notFound('Project');
  return {
    projects: q.projects.length ? projects.filter((p) => q.projects.includes(p.id)) : projects,
    retentionDays: retentionDays(plan),
    plan,
  };
}

/** `fn` in a read-only transaction on the read pool, its statements stopped after the timeout (a clear 400). */
export function withExploreSession<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const ms = statementTimeoutMs();
  // Bounded reads (a sample or a cheap exact one): parallel workers would cost more to start than they save, and
  // sorts for percentiles stay in memory.
  return withReadSession(
    {
      timeoutMs: ms,
      workMem: '32MB',
      parallel: false,
      stoppedMessage: `The query ran into the ${ms / 1000} s limit of one Explore query and was stopped: narrow the time range, pick fewer projects or add a filter`,
    },
    fn,
  );
}

/**
 * The planner's view of the exact statement, and what a sample would read: exact or sampled, and at what rate.
 * `limited`: the statement reads only until it has its rows (LIMIT), which the plan's own cost accounts for.
 */
export async function planQuery(
  client: pg.PoolClient,
  c: Compiled,
  exact: ExploreStatement & { limited?: boolean },
): Promise<Choice> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Parameters<typeof scansOf>[0] }] }>(
    `EXPLAIN (FORMAT JSON) ${exact.text}`,
    exact.values,
  );
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  const scans = scansOf(plan, c.dataset.table);
  if (exact.limited) Object.assign(scans, { cost: plan['Total Cost'], limited: true });
  const {
    rows: [size],
  } = await client.query<{ pages: number }>(
    'SELECT coalesce(sum(relpages), 0)::float8 AS pages FROM pg_class WHERE relname = ANY($1)',
    [scans.relations],
  );
  return chooseSampling(c.dataset.sampleRows(c.needs), scans, size.pages);
}

/** Refuses a query that could not run (an unknown field, an aggregate that does not suit it…), without running it. */
export async function checkExploreQuery(t: OrgTenant, q: ExploreQuery): Promise<void> {
  compileQuery(q, { nowMs: clock.now().getTime(), ...(await exploreScope(t, q)) });
}

export async function runExplore(t: OrgTenant, q: ExploreQuery) {
  const scope = await exploreScope(t, q);
  const nowMs = clock.now().getTime();
  const c = compileQuery(q, { nowMs, ...scope });
  // Metrics older than the raw points are read from their rollups (./metric-rollups.ts).
  const pointDays = metricRetentionDays(scope.plan, scope.retentionDays).points;
  if (c.dataset.name === 'metrics' && c.startMs < nowMs - pointDays * 86_400_000)
    return runMetricRollups(c, { orgId: t.orgId, query: q.query, pointDays });
  return withExploreSession(async (client) => {
    const exact = exploreSql(c, null);
    const choice = await planQuery(client, c, exact);
    // A metric's points that would be sampled: its rollups, where they hold the same answer (./metric-recent.ts).
    const rollups =
      !choice.exact && c.dataset.name === 'metrics'
        ? await recentMetricRollups(client, c, { orgId: t.orgId, query: q.query })
        : null;
    if (rollups) return rollups;
    const stmt = choice.exact ? exact : exploreSql(c, { percent: choice.rate * 100 });
    const { rows } = await client.query<Row>(stmt.text, stmt.values);
    return shapeResult(c, rows, choice.exact ? null : { rate: choice.rate });
  });
}

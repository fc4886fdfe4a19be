// The items behind a row of an Explore table (#61): the events, transactions, spans or log lines of the query that
// have the row's group values, newest first, each with a link to where it is shown. Exactly when the newest 50 are
// cheap to find (an index newest first), else from the same kind of sample as the query (the answer says so).
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { clock } from '@/lib/clock';
import type { ExploreQuery } from '@/lib/zod/explore';
import { compileQuery, type Compiled } from './compile';
import type { ExploreStatement } from './build-sql';
import { refuse } from './params';
import { exploreScope, planQuery, withExploreSession } from './run-explore';

export const SAMPLES = 50;

/** The row's group values as conditions: a project by its slug, anything else by its text (null: has none). */
function groupConditions(c: Compiled, group: (string | null)[]): string[] {
  if (group.length !== c.groups.length)
    refuse({
      path: ['group'],
      message: `The group has ${group.length} values and the query groups by ${c.groups.length} fields`,
    });
  return c.groups.map((g, i) => {
    const v = group[i];
    if (!g.project) return v === null ? `(${g.sql}) IS NULL` : `(${g.sql}) = ${c.params.add(v, 'text')}`;
    const p = c.projects.find((x) => x.slug === v);
    if (!p) return refuse({ path: ['group'], message: `No project "${v}" in this query` });
    return `(${g.sql}) = ${c.params.add(String(c.dataset.project.by === 'id' ? p.id : p.number), 'text')}`;
  });
}

function samplesSql(c: Compiled, where: string[], percent: number | null): ExploreStatement {
  const d = c.dataset;
  const params = c.params.clone();
  const sample = percent === null ? '' : ` TABLESAMPLE SYSTEM (${params.add(percent, 'float4')}) REPEATABLE (61)`;
  const needs = new Set([...c.needs, ...(d.samples.needs ?? [])]);
  return {
    text: `SELECT ${d.samples.columns} FROM ${d.from(sample, needs)} WHERE ${where.join(' AND ')}
            ORDER BY ${d.samples.order ?? d.time} DESC LIMIT ${SAMPLES}`,
    values: params.values,
  };
}

export async function exploreSamples(t: OrgTenant, input: { query: ExploreQuery; group: (string | null)[] }) {
  const scope = await exploreScope(t, input.query);
  const c = compileQuery(input.query, { nowMs: clock.now().getTime(), ...scope });
  const where = [...c.where, ...groupConditions(c, input.group)];
  const byKey = new Map(c.projects.flatMap((p) => [[p.id, p.id] as const, [String(p.number), p.id] as const]));
  return withExploreSession(async (client) => {
    const exact = samplesSql(c, where, null);
    const choice = await planQuery(client, c, { ...exact, limited: true });
    const stmt = choice.exact ? exact : samplesSql(c, where, choice.rate * 100);
    const { rows } = await client.query<Record<string, unknown>>(stmt.text, stmt.values);
    return {
      samples: rows.map((r) => c.dataset.samples.toSample(r, byKey.get(String(r.project)) ?? String(r.project))),
      meta: {
        dataset: c.dataset.name,
        sampled: !choice.exact,
        sampleRate: choice.exact ? 1 : choice.rate,
      },
    };
  });
}

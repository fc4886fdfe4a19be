// The filter's terms as SQL conditions over a dataset (#61), every value bound. Semantics, as the issue search:
// `key:value` is equality (text; a number for a numeric field), `*` a wildcard, `!` negates, and a row without the
// key matches a negated term; `has:key` asks for the key; comparisons read numbers (units on durations).
import { filterNumber, type ExploreFilter } from '@/lib/zod/explore-filter';
import type { Dataset } from './dataset';
import { addNeeds, numberSql, resolveKey, textSql, typeOf, type Resolved } from './fields';
import { containsPattern, likePattern, refuse, type Params } from './params';

export type ScopeProject = { id: string; number: number; slug: string; name: string };

export type FilterContext = {
  dataset: Dataset;
  params: Params;
  needs: Set<string>;
  /** The projects the query reads (a `project:` term picks among them by slug). */
  projects: ScopeProject[];
};

const at = (f: ExploreFilter) => ({ path: ['query'], position: f.position });

const negate = (sql: string, negated: boolean) => (negated ? `NOT coalesce(${sql}, false)` : sql);

const globRegex = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** A `project:` term: its slugs (or slug pattern) as the stored project keys. */
function projectTerm(c: FilterContext, f: ExploreFilter & { kind: 'match' | 'in' }, column: string): string {
  const slugs = f.kind === 'in' ? f.values : [f.value];
  const keys = new Set<string | number>();
  for (const slug of slugs) {
    const matching = c.projects.filter((p) =>
      f.kind === 'match' && f.wildcard ? globRegex(slug).test(p.slug) : p.slug === slug,
    );
    if (matching.length === 0 && !(f.kind === 'match' && f.wildcard))
      refuse({ ...at(f), message: `No project "${slug}" in this organization` });
    for (const p of matching) keys.add(c.dataset.project.by === 'id' ? p.id : p.number);
  }
  const cast = c.dataset.project.by === 'id' ? 'text[]' : 'int[]';
  const sql = `${column} = ANY(${c.params.add([...keys], cast)})`;
  return f.negated ? `NOT (${sql})` : sql;
}

function numberValue(f: ExploreFilter, r: Resolved, value: string): number {
  const duration = typeOf(r) === 'duration';
  const n = filterNumber(value, duration);
  if (n === null)
    refuse({
      ...at(f),
      message: duration
        ? `"${r.name}" is a duration: compare it with a number of ms or with a unit (500ms, 1.5s, 2m)`
        : `"${r.name}" takes a number, not "${value}"`,
    });
  return n!;
}

function matchTerm(c: FilterContext, f: ExploreFilter & { kind: 'match' | 'in' }, r: Resolved): string {
  const numeric = r.kind === 'field' && r.field.type !== 'string';
  if (numeric) {
    if (f.kind === 'match' && f.wildcard) refuse({ ...at(f), message: `"${r.name}" is a number: no wildcards` });
    const values = (f.kind === 'in' ? f.values : [f.value]).map((v) => numberValue(f, r, v));
    const col = numberSql(c.dataset, r)!;
    return negate(`${col} = ANY(${c.params.add(values, 'float8[]')})`, f.negated);
  }
  const col = textSql(c.dataset, r);
  if (f.kind === 'in') return negate(`${col} = ANY(${c.params.add(f.values, 'text[]')})`, f.negated);
  if (f.wildcard) return negate(`${col} LIKE ${c.params.add(likePattern(f.value))}`, f.negated);
  const equal = `${col} = ${c.params.add(f.value)}`;
  if (f.negated) return negate(equal, true);
  // A containment an index answers finds a rare value without reading every row; the equality decides.
  const contained = r.kind === 'attribute' ? c.dataset.attributes?.containments?.(r.name, f.value) : null;
  if (!contained) return equal;
  const any = contained.bags.map((b) => `${contained.sql} @> ${c.params.add(b, 'jsonb')}`).join(' OR ');
  return `(${any}) AND ${equal}`;
}

function compareTerm(c: FilterContext, f: ExploreFilter & { kind: 'compare' }, r: Resolved): string {
  const col = numberSql(c.dataset, r);
  if (col === null) refuse({ ...at(f), message: `"${r.name}" is text: only numbers compare with ${f.op}` });
  return negate(`${col} ${f.op} ${c.params.add(numberValue(f, r, f.value), 'float8')}`, f.negated);
}

function term(c: FilterContext, f: ExploreFilter): string {
  const d = c.dataset;
  if (f.kind === 'text') {
    if (!d.text) return refuse({ ...at(f), message: `${d.label} have no text to search: use key:value` });
    addNeeds(c.needs, d.needs?.text);
    return negate(`${d.text} ILIKE ${c.params.add(containsPattern(f.text))}`, f.negated);
  }
  const r = resolveKey(d, f.key, { params: c.params, ...at(f) });
  addNeeds(c.needs, r);
  if (f.kind === 'has') {
    const sql = r.kind === 'field' ? `${r.field.sql} IS NOT NULL` : d.attributes!.has(r.keyParam, r.name);
    return f.negated ? `NOT (${sql})` : sql;
  }
  if (r.kind === 'field' && r.field.project && f.kind !== 'compare') return projectTerm(c, f, r.field.sql);
  if (f.kind === 'compare') return compareTerm(c, f, r);
  return matchTerm(c, f, r);
}

/** Each term's condition (ANDed by the caller). */
export function filterConditions(c: FilterContext, filters: ExploreFilter[]): string[] {
  return filters.map((f) => term(c, f));
}

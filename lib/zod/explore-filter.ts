// Explore's filter language (#61), the issue search's tokens with Explore's meanings. Terms are ANDed:
//   word, "quoted phrase"        the dataset's text contains it (errors' message, logs' body, spans' description,
//                                transactions' name)
//   key:value                    the field or attribute equals value; `*` in an unquoted value matches anything
//   key:[a,b,c]                  equals one of them
//   key:>500 key:<=2.5s          compares numbers; durations take ms, s, m, h or d (a bare number is ms)
//   has:key                      the field or attribute is set
//   !term                        negates any of them (a row without the key matches `!key:value`)
// Which keys a dataset knows, and the type each compares as, is the dataset's business (lib/explore/datasets). Pure.
import { parseTerms, QueryError, type Token } from './search-tokens';

export const MAX_FILTER_LENGTH = 500;
export const MAX_FILTER_TERMS = 20;
export const MAX_IN_VALUES = 50;
/** A field or attribute key: what OTLP and Sentry SDKs name attributes with, but `:` (the term's separator). */
export const FIELD_KEY = /^[A-Za-z0-9_.\-@/]{1,200}$/;

export type CompareOp = '>' | '>=' | '<' | '<=';

export type ExploreTerm =
  | { kind: 'text'; text: string }
  | { kind: 'has'; key: string }
  | { kind: 'match'; key: string; value: string; wildcard: boolean }
  | { kind: 'in'; key: string; values: string[] }
  | { kind: 'compare'; key: string; op: CompareOp; value: string };

/** A term, whether it is negated, and where its key (or text) starts in the query: errors point there. */
export type ExploreFilter = ExploreTerm & { negated: boolean; position: number };

export type ParsedFilter = { ok: true; filters: ExploreFilter[] } | { ok: false; position: number; reason: string };

export function parseExploreFilter(input: string): ParsedFilter {
  return parseTerms(input, { maxLength: MAX_FILTER_LENGTH, maxTerms: MAX_FILTER_TERMS }, toFilter);
}

function toFilter(t: Token): ExploreFilter {
  const position = t.start + (t.negated ? 1 : 0);
  return { ...toTerm(t, position), negated: t.negated, position };
}

function toTerm(t: Token, at: number): ExploreTerm {
  if (t.key === null) return { kind: 'text', text: t.value };
  const v = t.value;
  if (t.key === 'has') {
    if (!FIELD_KEY.test(v)) throw new QueryError(t.valueStart, `"has:" takes a field or attribute name, not "${v}"`);
    return { kind: 'has', key: v };
  }
  if (!FIELD_KEY.test(t.key))
    throw new QueryError(at, `"${t.key}" is not a valid key: use letters, digits, "_", ".", "-", "@" or "/"`);
  if (!t.quoted) {
    const cmp = /^(>=|<=|>|<)(.+)$/.exec(v);
    if (cmp) return { kind: 'compare', key: t.key, op: cmp[1] as CompareOp, value: cmp[2] };
    if (v.startsWith('[')) return { kind: 'in', key: t.key, values: inValues(v, t.valueStart) };
  }
  return { kind: 'match', key: t.key, value: v, wildcard: !t.quoted && v.includes('*') };
}

function inValues(v: string, at: number): string[] {
  if (!v.endsWith(']') || v.length < 3) throw new QueryError(at, 'A list of values is written [a,b,c]');
  const values = v
    .slice(1, -1)
    .split(',')
    .map((s) => s.trim());
  if (values.some((s) => s === '')) throw new QueryError(at, 'An empty value in the list');
  if (values.length > MAX_IN_VALUES) throw new QueryError(at, `At most ${MAX_IN_VALUES} values in a list`);
  return values;
}

const DURATION_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A number a term compares with: `500`, `-1.5`, `2e3`, or for a duration `500ms`, `1.5s`, `2m` (in ms). Null when
 * it is not one (or carries a unit where the field takes none).
 */
export function filterNumber(value: string, duration: boolean): number | null {
  const m = /^(-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?)(ms|s|m|h|d)?$/.exec(value);
  if (!m || (m[2] && !duration)) return null;
  const n = Number(m[1]) * (m[2] ? DURATION_MS[m[2]] : 1);
  return Number.isFinite(n) ? n : null;
}

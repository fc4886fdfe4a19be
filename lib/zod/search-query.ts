// The issue search language: whitespace-separated terms, each optionally negated with `!`.
//   free text (a word or a "quoted phrase")   title and culprit contain it
//   is:unresolved|resolved|ignored|assigned|unassigned
//   level:<fatal|error|warning|info|debug>   assigned:me|none|#team-slug   user:<id or email>
//   (assigned:me also matches issues assigned to a team I am in, as Sentry does)
//   environment:<name>  release:<version>  <any tag key>:<value>  (`*` in a value matches anything)
//   contexts.<name>.<key>:<value>  flags.<name>:<true|false>  (read from the same rollup as tags, #58)
//   firstSeen:-24h / lastSeen:-7d (within the last…), +7d (older than…), >2026-11-01 / <2026-11-01 (absolute)
// Pure: no I/O, no clock; relative times stay relative until the query runs.

import { LEVELS, type IssueStatusValue, type LevelValue } from './issue-values';
import { TEAM_SLUG } from './teams';
import { parseTerms, QueryError, type Token } from './search-tokens';

export type TimeBound = { op: 'after' | 'before'; relativeMs: number } | { op: 'after' | 'before'; at: string };

export type SearchTerm =
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: IssueStatusValue }
  | { kind: 'assigned'; who: 'me' | 'anyone' | 'none' }
  | { kind: 'assignedTeam'; slug: string }
  | { kind: 'level'; level: LevelValue }
  | { kind: 'tag'; key: string; value: string; wildcard: boolean }
  | { kind: 'user'; value: string }
  | { kind: 'time'; field: 'firstSeen' | 'lastSeen'; bound: TimeBound };

export type SearchFilter = SearchTerm & { negated: boolean };

export type ParsedQuery = { ok: true; filters: SearchFilter[] } | { ok: false; position: number; reason: string };

/** Longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 500;
/** Most terms in one query: each becomes a condition of the SQL. */
export const MAX_TERMS = 20;

const STATUS_WORDS: Record<string, IssueStatusValue> = {
  unresolved: 'UNRESOLVED',
  resolved: 'RESOLVED',
  ignored: 'IGNORED',
};
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const TAG_KEY = /^[A-Za-z0-9_.\-]{1,200}$/;
// A context's name, then its key (which may hold dots itself: cloud_resource's `cloud.provider`); a flag's name.
const CONTEXT_KEY = /^contexts\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
const FLAG_KEY = /^flags(\.[A-Za-z0-9_-]+)+$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export function parseSearchQuery(input: string): ParsedQuery {
  return parseTerms(input, { maxLength: MAX_QUERY_LENGTH, maxTerms: MAX_TERMS }, toFilter);
}

function toFilter(t: Token): SearchFilter {
  const term = toTerm(t);
  return { ...term, negated: t.negated };
}

function toTerm(t: Token): SearchTerm {
  if (t.key === null) return { kind: 'text', text: t.value };
  const v = t.value;
  switch (t.key) {
    case 'is': {
      const lower = v.toLowerCase();
      if (STATUS_WORDS[lower]) return { kind: 'status', status: STATUS_WORDS[lower] };
      if (lower === 'assigned') return { kind: 'assigned', who: 'anyone' };
      if (lower === 'unassigned') return { kind: 'assigned', who: 'none' };
      throw new QueryError(
        t.valueStart,
        `Unknown "is:" value "${v}": use unresolved, resolved, ignored, assigned or unassigned`,
      );
    }
    case 'level': {
      const upper = v.toUpperCase();
      if ((LEVELS as readonly string[]).includes(upper)) return { kind: 'level', level: upper as LevelValue };
      throw new QueryError(t.valueStart, `Unknown level "${v}": use fatal, error, warning, info or debug`);
    }
    case 'assigned': {
      const lower = v.toLowerCase();
      if (lower === 'me' || lower === 'none') return { kind: 'assigned', who: lower };
      if (lower.startsWith('#') && TEAM_SLUG.test(lower.slice(1)))
        return { kind: 'assignedTeam', slug: lower.slice(1) };
      throw new QueryError(t.valueStart, `Unknown "assigned:" value "${v}": use me, none or #team-slug`);
    }
    case 'user':
      return { kind: 'user', value: v };
    case 'firstSeen':
    case 'lastSeen':
      return { kind: 'time', field: t.key, bound: timeBound(v, t.valueStart, t.key) };
    default: {
      const at = t.start + (t.negated ? 1 : 0);
      if (!TAG_KEY.test(t.key))
        throw new QueryError(at, `"${t.key}" is not a valid key: use letters, digits, "_", "." or "-"`);
      const namespace = /^(contexts|flags)(\.|$)/.exec(t.key)?.[1];
      if (namespace === 'contexts' && !CONTEXT_KEY.test(t.key))
        throw new QueryError(at, `"${t.key}" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name`);
      if (namespace === 'flags' && !FLAG_KEY.test(t.key))
        throw new QueryError(at, `"${t.key}" names no flag: use flags.<name>, e.g. flags.new-checkout:true`);
      return { kind: 'tag', key: t.key, value: v, wildcard: !t.quoted && v.includes('*') };
    }
  }
}

// Times searched are within 1970–9999: a relative one reaches back at most 50 years (from any date before 2020).
const MAX_RELATIVE_MS = 50 * 365 * 24 * 60 * 60 * 1000;
const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

function timeBound(v: string, at: number, key: string): TimeBound {
  const rel = /^([+-])(\d{1,6})([mhdw])$/.exec(v);
  if (rel) {
    const ms = Number(rel[2]) * UNIT_MS[rel[3]];
    if (ms > MAX_RELATIVE_MS) throw new QueryError(at, `"${key}:" reaches back at most 50 years (e.g. -2600w)`);
    // -24h: seen within the last 24 hours; +24h: seen more than 24 hours ago.
    return { op: rel[1] === '-' ? 'after' : 'before', relativeMs: ms };
  }
  const abs = /^([<>])(.+)$/.exec(v);
  if (abs && DATE.test(abs[2]) && !Number.isNaN(Date.parse(abs[2]))) {
    const date = new Date(Date.parse(abs[2]));
    const year = date.getUTCFullYear();
    if (year < MIN_YEAR || year > MAX_YEAR)
      throw new QueryError(at + 1, `"${key}:" takes a date between ${MIN_YEAR} and ${MAX_YEAR}`);
    return { op: abs[1] === '>' ? 'after' : 'before', at: date.toISOString() };
  }
  throw new QueryError(at, `"${key}:" takes a time like -24h, +7d (units m, h, d, w) or >2026-11-01`);
}

/** The term a status/level/assignee pick writes into the query: the filter bar edits the text, not hidden state. */
export function withTerm(query: string, prefix: RegExp, term: string | null): string {
  const kept = query.split(/\s+/).filter((w) => w !== '' && !prefix.test(w));
  if (term) kept.unshift(term);
  return kept.join(' ');
}

'use client';

import type { ChangeEvent } from 'react';
import { ISSUE_SORTS, ISSUE_STATUSES, LEVELS, type IssueSort } from '@/lib/zod/issues';
import { withTerm } from '@/lib/zod/search-query';
import { useTeams } from '@/lib/swr/use-teams';
import { SelectField } from '@/components/ui/select-field';
import { titleCase } from './badges';

const STATUS_TERM = /^is:(unresolved|resolved|ignored)$/i;
const LEVEL_TERM = /^level:/i;
const ASSIGNEE_TERM = /^(assigned:(me|none|#[a-z0-9-]+)|is:(assigned|unassigned))$/i;

const SORT_LABELS: Record<IssueSort, string> = {
  lastSeen: 'Last seen',
  firstSeen: 'First seen',
  events: 'Events',
  users: 'Users affected',
};
const ASSIGNEE_TERMS: Record<string, string> = { me: 'assigned:me', none: 'is:unassigned', anyone: 'is:assigned' };

/** The value of the query's first term matching `re` (without its key), for the select that edits it. */
function termValue(query: string, re: RegExp): string {
  const term = query.split(/\s+/).find((w) => re.test(w));
  return term ? term.slice(term.indexOf(':') + 1).toLowerCase() : '';
}

/** Status, level and assignee pickers that write their term into the search text; the sort beside them. */
export function IssueFilterBar({
  query,
  sort,
  onQuery,
  onSort,
}: {
  query: string;
  sort: IssueSort;
  onQuery: (q: string) => void;
  onSort: (s: IssueSort) => void;
}) {
  const status = termValue(query, STATUS_TERM).toUpperCase();
  const level = termValue(query, LEVEL_TERM).toUpperCase();
  const assigneeTerm = query
    .split(/\s+/)
    .find((w) => ASSIGNEE_TERM.test(w))
    ?.toLowerCase();
  const { teams } = useTeams();
  // A team's issues (#49): `assigned:#slug`, picked as the team's own option.
  const terms: Record<string, string> = {
    ...ASSIGNEE_TERMS,
    ...Object.fromEntries((teams ?? []).map((t) => [`team:${t.slug}`, `assigned:#${t.slug}`])),
  };
  if (assigneeTerm?.startsWith('assigned:#') && !Object.values(terms).includes(assigneeTerm))
    terms[`team:${assigneeTerm.slice('assigned:#'.length)}`] = assigneeTerm;
  // A picked value writes its term into the query (replacing the one it had); the empty choice removes it.
  const edit = (re: RegExp, term: (value: string) => string) => (e: ChangeEvent<HTMLSelectElement>) =>
    onQuery(withTerm(query, re, e.target.value ? term(e.target.value) : null));
  const assignee = Object.entries(terms).find(([, t]) => t === assigneeTerm)?.[0] ?? '';
  return (
    <div className="flex flex-wrap gap-3" data-testid="issue-filter-bar">
      <SelectField
        name="filter-status"
        label="Status"
        value={status}
        onChange={edit(STATUS_TERM, (v) => `is:${v.toLowerCase()}`)}
      >
        <option value="">All statuses</option>
        {ISSUE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {titleCase(s)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="filter-level"
        label="Level"
        value={level}
        onChange={edit(LEVEL_TERM, (v) => `level:${v.toLowerCase()}`)}
      >
        <option value="">All levels</option>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {titleCase(l)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="filter-assignee"
        label="Assignee"
        value={assignee}
        onChange={edit(ASSIGNEE_TERM, (v) => terms[v])}
      >
        <option value="">Anyone</option>
        <option value="me">Assigned to me or my teams</option>
        <option value="anyone">Assigned</option>
        <option value="none">Unassigned</option>
        {Object.keys(terms).some((k) => k.startsWith('team:')) && (
          <optgroup label="Teams">
            {Object.keys(terms)
              .filter((k) => k.startsWith('team:'))
              .map((k) => (
                <option key={k} value={k}>
                  #{k.slice('team:'.length)}
                </option>
              ))}
          </optgroup>
        )}
      </SelectField>
      <SelectField name="issue-sort" label="Sort by" value={sort} onChange={(e) => onSort(e.target.value as IssueSort)}>
        {ISSUE_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

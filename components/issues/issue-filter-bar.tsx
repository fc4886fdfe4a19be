'use client';

import { ISSUE_SORTS, ISSUE_STATUSES, LEVELS, type IssueSort } from '@/lib/zod/issues';
import { withTerm } from '@/lib/zod/search-query';
import { useTeams } from '@/lib/swr/use-teams';
import { titleCase } from './badges';

const selectClass =
  'block h-9 rounded-md border border-line-strong bg-surface px-3 text-sm focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30';

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
  const assignee = Object.entries(terms).find(([, t]) => t === assigneeTerm)?.[0] ?? '';
  return (
    <div className="flex flex-wrap gap-3" data-testid="issue-filter-bar">
      <Picker
        id="filter-status"
        label="Status"
        value={status}
        onChange={(v) => onQuery(withTerm(query, STATUS_TERM, v ? `is:${v.toLowerCase()}` : null))}
      >
        <option value="">All statuses</option>
        {ISSUE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {titleCase(s)}
          </option>
        ))}
      </Picker>
      <Picker
        id="filter-level"
        label="Level"
        value={level}
        onChange={(v) => onQuery(withTerm(query, LEVEL_TERM, v ? `level:${v.toLowerCase()}` : null))}
      >
        <option value="">All levels</option>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {titleCase(l)}
          </option>
        ))}
      </Picker>
      <Picker
        id="filter-assignee"
        label="Assignee"
        value={assignee}
        onChange={(v) => onQuery(withTerm(query, ASSIGNEE_TERM, v ? terms[v] : null))}
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
      </Picker>
      <Picker id="issue-sort" label="Sort by" value={sort} onChange={(v) => onSort(v as IssueSort)}>
        {ISSUE_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </Picker>
    </div>
  );
}

function Picker({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

// Sentry's issue lists (`/organizations/{org}/issues/`, `/projects/{org}/{project}/issues/`): the search, sorted by
// last seen (`date`), first seen (`new`), events (`freq`) or users (`user`), one page at a time with Sentry's
// cursors. The sort key is the cursor's value and ties are broken by the issue number, so walking a list forwards
// never shows an issue twice or skips one that kept its place.
import { clock } from '@/lib/clock';
import { searchWhere } from '@/lib/issues/list-issues';
import { readPool } from '@/lib/replica';
import type { SearchFilter } from '@/lib/zod/search-query';
import { forwardCursors, type Cursor, type CursorLink } from './cursor';
import { sentryIssues, type StatsPeriod } from './issue-attrs';

export const SENTRY_SORTS = ['date', 'new', 'freq', 'user'] as const;
export type SentrySort = (typeof SENTRY_SORTS)[number];
/** Sentry counts a search's hits up to this many (`X-Hits`, `X-Max-Hits`). */
export const MAX_HITS = 1000;

const SORTS: Record<SentrySort, { col: string; time: boolean; join?: string }> = {
  date: { col: 'i.last_seen', time: true },
  new: { col: 'i.first_seen', time: true },
  freq: { col: 'i.event_count', time: false },
  user: { col: 'coalesce(uc.users, 0)', time: false, join: 'LEFT JOIN issue_user_counts uc ON uc.issue_id = i.id' },
};

export type SentryListInput = {
  orgId: string;
  projectIds: string[];
  userId: string | null;
  filters: SearchFilter[];
  environments: string[];
  range: { start: Date | null; end: Date | null };
  sort: SentrySort;
  limit: number;
  cursor: Cursor | null;
  statsPeriod: StatsPeriod | null;
};

type KeyRow = { id: string; number: string; score: string };

function sqlOf(input: SentryListInput) {
  const { where, params } = searchWhere({
    orgId: input.orgId,
    projectId: input.projectIds,
    userId: input.userId,
    q: { query: input.filters, environment: input.environments },
    nowMs: clock.nowMs(),
  });
  const conds = [where];
  const p = (v: unknown) => `$${params.push(v)}`;
  // An issue in the period: seen since its start, and first seen before its end.
  if (input.range.start) conds.push(`i.last_seen >= ${p(input.range.start)}::timestamptz`);
  if (input.range.end) conds.push(`i.first_seen <= ${p(input.range.end)}::timestamptz`);
  const sort = SORTS[input.sort];
  const key = sort.time ? `(extract(epoch FROM ${sort.col}) * 1000)::bigint` : `(${sort.col})::bigint`;
  const at = (v: number) =>
    sort.time ? `('epoch'::timestamptz + ${p(v)}::bigint * interval '1 millisecond')` : `${p(v)}::bigint`;
  const from = `FROM issues i ${sort.join ?? ''} WHERE ${conds.join(' AND ')}`;
  return { from, key, col: sort.col, at, p, params, where: conds.join(' AND ') };
}

const rowsOf = (text: string, params: unknown[]) =>
  readPool()
    .query<KeyRow>(text, params)
    .then((r) => r.rows);
const scoreOf = (r: KeyRow) => Number(r.score);

/** Forwards from the cursor's place: keys at or below its value, skipping `offset` of its own key. */
async function forwardPage(input: SentryListInput) {
  const s = sqlOf(input);
  const c = input.cursor;
  const bound = c ? ` AND ${s.col} <= ${s.at(c.value)}` : '';
  const text = `SELECT i.id, i.number::text AS number, ${s.key}::text AS score ${s.from}${bound}
    ORDER BY ${s.col} DESC, i.number DESC OFFSET ${c?.offset ?? 0} LIMIT ${input.limit + 1}`;
  return forwardCursors(await rowsOf(text, s.params), scoreOf, { limit: input.limit, cursor: c });
}

/**
 * The page before the cursor's place: the issues of its key that it skipped (nearest first) and those of higher
 * keys, read upwards and shown in the list's order. Its own previous cursor is its first issue's place.
 */
async function backwardPage(input: SentryListInput, c: Cursor) {
  const want = input.limit + 1;
  const same = sqlOf(input);
  const sameRows =
    c.offset > 0
      ? await rowsOf(
          `SELECT i.id, i.number::text AS number, ${same.key}::text AS score ${same.from} AND ${same.col} = ${same.at(c.value)}
           ORDER BY i.number DESC OFFSET ${Math.max(0, c.offset - want)} LIMIT ${Math.min(c.offset, want)}`,
          same.params,
        )
      : [];
  const above = sqlOf(input);
  const aboveRows = await rowsOf(
    `SELECT i.id, i.number::text AS number, ${above.key}::text AS score ${above.from} AND ${above.col} > ${above.at(c.value)}
     ORDER BY ${above.col} ASC, i.number ASC LIMIT ${want}`,
    above.params,
  );
  const upwards = [...sameRows.reverse(), ...aboveRows].slice(0, want);
  const rows = upwards.slice(0, input.limit).reverse();
  const next: CursorLink = { ...c, isPrev: false, hasResults: true };
  if (rows.length === 0) return { rows, prev: { ...c, isPrev: true, hasResults: false }, next };
  const first = rows[0];
  const k = sqlOf(input);
  // Its place: the issues of its key listed before it (higher numbers come first among equal keys).
  const counted = await readPool().query<{ n: number }>(
    `SELECT count(*)::int AS n ${k.from} AND ${k.col} = ${k.at(scoreOf(first))} AND i.number > ${k.p(first.number)}::bigint`,
    k.params,
  );
  const n = counted.rows[0].n;
  const prev: CursorLink = { value: scoreOf(first), offset: n, isPrev: true, hasResults: upwards.length > input.limit };
  return { rows, prev, next };
}

/** How many issues match, counted up to MAX_HITS. */
async function hitsOf(input: SentryListInput): Promise<number> {
  const s = sqlOf({ ...input, sort: 'date' });
  const res = await readPool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM issues i WHERE ${s.where} LIMIT ${MAX_HITS}) m`,
    s.params,
  );
  return res.rows[0].n;
}

/** One page of the list, serialized, with its cursors and hit count. */
export async function listSentryIssues(input: SentryListInput) {
  if (input.projectIds.length === 0) return { issues: [], links: null, hits: 0 };
  const [page, hits] = await Promise.all([
    input.cursor?.isPrev ? backwardPage(input, input.cursor) : forwardPage(input),
    hitsOf(input),
  ]);
  const issues = await sentryIssues(
    page.rows.map((r) => r.id),
    { orgId: input.orgId, userId: input.userId },
    input.statsPeriod,
  );
  return { issues, links: { prev: page.prev, next: page.next }, hits };
}

/** The ids of up to `max` issues a search matches, most recently seen first (a bulk change's selection). */
export async function searchIssueIds(
  input: Pick<SentryListInput, 'orgId' | 'projectIds' | 'userId' | 'filters' | 'environments'>,
  max: number,
): Promise<{ id: string; projectId: string; number: string }[]> {
  if (input.projectIds.length === 0) return [];
  const s = sqlOf({
    ...input,
    range: { start: null, end: null },
    sort: 'date',
    limit: max,
    cursor: null,
    statsPeriod: null,
  });
  const res = await readPool().query<{ id: string; projectId: string; number: string }>(
    `SELECT i.id, i.project_id AS "projectId", i.number::text AS number ${s.from} ORDER BY i.last_seen DESC, i.number DESC LIMIT ${max}`,
    s.params,
  );
  return res.rows;
}

import { MAX_TAG_LENGTH } from '@/lib/envelope/schemas';
import { clock } from '@/lib/clock';
import { cappedPagination, pagination } from '@/lib/http/query';
import type { IssueSort, ListIssuesQuery } from '@/lib/zod/issues';
import type { SearchFilter } from '@/lib/zod/search-query';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';
import { readDb, readPool } from '@/lib/replica';

const HOUR_MS = 3_600_000;
/**
 * A search (`query`) counts its matches up to this many, so a broad search in a big project answers as fast
 * as a narrow one; the spec's own filters (status, level) always count exactly.
 */
export const SEARCH_COUNT_CAP = 1000;
/** Hours in an issue's sparkline: the last 24, the current one included. */
export const SPARKLINE_HOURS = 24;

/**
 * One page of the project's issues with the spec's status/level filters, the assignee filter and the search
 * language (`query`, lib/issues/search-query), in the order asked (last seen by default, newest first).
 * Beside the spec's fields each issue carries `users` (distinct users) and `sparkline` (events per UTC hour of
 * occurrence over the last 24 hours, oldest first). Tag, environment, release and user filters read the rollups
 * written with each event (issue_tag_values, issue_users), never the events.
 */
export async function listIssues({
  orgId,
  projectId,
  userId,
  q,
}: {
  orgId: string;
  projectId: string;
  userId: string | null;
  q: ListIssuesQuery;
}) {
  const { where, params } = searchWhere({ orgId, projectId, userId, q, nowMs: clock.nowMs() });
  const searching = (q.query?.length ?? 0) > 0;
  const countSql = searching
    ? `SELECT count(*)::int AS total FROM (SELECT 1 FROM issues i WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}) m`
    : `SELECT count(*)::int AS total FROM issues i WHERE ${where}`;
  const [countRes, ids] = await Promise.all([
    readPool().query<{ total: number }>(countSql, params),
    pageIds(projectId, q, where, params),
  ]);
  const [rows, extras] = await Promise.all([
    ids.length
      ? readDb().issue.findMany({ where: { id: { in: ids }, projectId, project: { orgId } }, include: withAssignee })
      : [],
    rollupsOf(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const serialize = q.expand ? serializeIssueWithAssignee : serializeIssue;
  return {
    // An issue deleted between the two reads is left out of the page.
    issues: ids.filter((id) => byId.has(id)).map((id) => ({ ...serialize(byId.get(id)!), ...extras.get(id)! })),
    pagination: searching
      ? cappedPagination({ page: q.page, limit: q.limit, counted: countRes.rows[0].total, cap: SEARCH_COUNT_CAP })
      : pagination(q.page, q.limit, countRes.rows[0].total),
  };
}

const ORDER: Record<Exclude<IssueSort, 'users'>, string> = {
  lastSeen: 'i.last_seen DESC, i.id DESC',
  firstSeen: 'i.first_seen DESC, i.id DESC',
  events: 'i.event_count DESC, i.id DESC',
};

/**
 * The page's issue ids. By users (most first, then id descending): the issues with a users count come off the
 * project's (project, users, issue) index in order until the page is full; only when they run out are the issues
 * without one (no user seen: 0) read, by id. A page never joins every matching issue with its count to sort them.
 */
async function pageIds(
  projectId: string,
  q: Pick<ListIssuesQuery, 'sort' | 'limit' | 'page'>,
  where: string,
  params: unknown[],
): Promise<string[]> {
  const offset = (q.page - 1) * q.limit;
  if (q.sort !== 'users') {
    const sql = `SELECT i.id FROM issues i WHERE ${where} ORDER BY ${ORDER[q.sort ?? 'lastSeen']} LIMIT ${q.limit} OFFSET ${offset}`;
    return (await readPool().query<{ id: string }>(sql, params)).rows.map((r) => r.id);
  }
  const upTo = offset + q.limit;
  const counted = await readPool().query<{ id: string }>(
    `SELECT i.id FROM issue_user_counts uc JOIN issues i ON i.id = uc.issue_id
     WHERE uc.project_id = $${params.length + 1} AND ${where} ORDER BY uc.users DESC, uc.issue_id DESC LIMIT ${upTo}`,
    [...params, projectId],
  );
  const ids = counted.rows.map((r) => r.id);
  if (ids.length < upTo) {
    const rest = await readPool().query<{ id: string }>(
      `SELECT i.id FROM issues i WHERE ${where} AND NOT EXISTS (SELECT 1 FROM issue_user_counts uc WHERE uc.issue_id = i.id)
       ORDER BY i.id DESC LIMIT ${upTo - ids.length}`,
      params,
    );
    for (const r of rest.rows) ids.push(r.id);
  }
  return ids.slice(offset);
}

/** LIKE pattern of a literal: its own %, _ and \ escaped. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A tag value with `*` wildcards as a LIKE pattern. */
const likeWildcard = (s: string) => s.split('*').map(likeLiteral).join('%');

/**
 * The WHERE clause (tenant scope first) and its parameters; every value is a parameter, never spliced in. Several
 * projects (Sentry's organization issue list) or environments (any of them) may be given.
 */
export function searchWhere({
  orgId,
  projectId,
  userId,
  q,
  nowMs,
}: {
  orgId: string;
  projectId: string | readonly string[];
  userId: string | null;
  q: Pick<ListIssuesQuery, 'status' | 'level' | 'assignee' | 'query'> & { environment?: string | readonly string[] };
  nowMs: number;
}) {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const conds = [
    // One project compares with `=`, so the planner walks its (project, …) index in order.
    typeof projectId === 'string' ? `i.project_id = ${p(projectId)}` : `i.project_id = ANY(${p(projectId)}::text[])`,
    `EXISTS (SELECT 1 FROM projects pr WHERE pr.id = i.project_id AND pr.org_id = ${p(orgId)})`,
  ];
  if (q.status) conds.push(`i.status = ${p(q.status)}::issue_status`);
  if (q.level) conds.push(`i.level = ${p(q.level)}::level`);
  // Mine: assigned to me, or to a team of this organization I am in (#49), as Sentry counts it.
  const mine = () =>
    userId === null
      ? 'false'
      : `(i.assignee_id = ${p(userId)} OR i.assigned_team_id IN (SELECT tm.team_id FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = ${p(userId)} AND t.org_id = ${p(orgId)}))`;
  if (q.assignee === 'me') conds.push(mine());
  if (q.assignee === 'none') conds.push('(i.assignee_id IS NULL AND i.assigned_team_id IS NULL)');
  const tag = (key: string, value: string, wildcard: boolean) =>
    `EXISTS (SELECT 1 FROM issue_tag_values v WHERE v.issue_id = i.id AND v.key = ${p(key)} AND v.value ${wildcard ? `LIKE ${p(likeWildcard(value))}` : `= ${p(value)}`})`;
  if (typeof q.environment === 'string') conds.push(tag('environment', q.environment, false));
  else if (q.environment?.length)
    conds.push(
      `EXISTS (SELECT 1 FROM issue_tag_values v WHERE v.issue_id = i.id AND v.key = 'environment' AND v.value = ANY(${p(q.environment)}::text[]))`,
    );
  for (const f of q.query ?? []) {
    const c = condition(f);
    // NOT of a NULL comparison (no assignee) must count as true.
    conds.push(f.negated ? `NOT coalesce((${c}), false)` : c);
  }
  return { where: conds.join(' AND '), params };

  function condition(f: SearchFilter): string {
    switch (f.kind) {
      case 'text':
        // Title and culprit, served by the trigram index of issue_search (kept by triggers on issues).
        return `i.id IN (SELECT s.issue_id FROM issue_search s WHERE s.text ILIKE ${p(`%${likeLiteral(f.text)}%`)})`;
      case 'status':
        return `i.status = ${p(f.status)}::issue_status`;
      case 'level':
        return `i.level = ${p(f.level)}::level`;
      case 'assigned':
        if (f.who === 'anyone') return '(i.assignee_id IS NOT NULL OR i.assigned_team_id IS NOT NULL)';
        if (f.who === 'none') return '(i.assignee_id IS NULL AND i.assigned_team_id IS NULL)';
        return mine();
      case 'assignedTeam':
        return `i.assigned_team_id IN (SELECT t.id FROM teams t WHERE t.org_id = ${p(orgId)} AND t.slug = ${p(f.slug)})`;
      case 'tag':
        return tag(f.key, f.value, f.wildcard);
      case 'user': {
        // The users rollup keys on the user id, else the email, else the IP (lib/ingest/store/rollup-keys): try each.
        const keys = [`id:${f.value}`, `email:${f.value.toLowerCase()}`, `ip:${f.value}`].map((k) =>
          k.slice(0, MAX_TAG_LENGTH),
        );
        return `EXISTS (SELECT 1 FROM issue_users u WHERE u.issue_id = i.id AND u.user_hash = ANY (SELECT md5(k)::uuid FROM unnest(${p(keys)}::text[]) k))`;
      }
      case 'time': {
        const column = f.field === 'firstSeen' ? 'i.first_seen' : 'i.last_seen';
        const at = 'at' in f.bound ? f.bound.at : new Date(nowMs - f.bound.relativeMs).toISOString();
        return `${column} ${f.bound.op === 'after' ? '>=' : '<'} ${p(at)}::timestamptz`;
      }
    }
  }
}

async function rollupsOf(issueIds: string[]): Promise<Map<string, { users: number; sparkline: number[] }>> {
  if (issueIds.length === 0) return new Map();
  const startHour = Math.floor(clock.nowMs() / HOUR_MS) - (SPARKLINE_HOURS - 1);
  // One index range per issue (at most 24 rows each), filled into zeroed hours here.
  const rows = await readDb().$queryRaw<
    { id: string; users: number | null; hour: Date | null; count: number | null }[]
  >`
    SELECT uc.issue_id AS id, uc.users, NULL::timestamptz AS hour, NULL::int AS count
    FROM issue_user_counts uc WHERE uc.issue_id = ANY(${issueIds}::text[])
    UNION ALL
    SELECT h.issue_id, NULL, h.hour, h.count
    FROM issue_hourly_counts h WHERE h.issue_id = ANY(${issueIds}::text[]) AND h.hour >= ${new Date(startHour * HOUR_MS)}::timestamptz`;
  const out = new Map(issueIds.map((id) => [id, { users: 0, sparkline: new Array<number>(SPARKLINE_HOURS).fill(0) }]));
  for (const r of rows) {
    const o = out.get(r.id)!;
    if (r.hour === null) o.users = r.users ?? 0;
    else {
      const slot = Math.floor(r.hour.getTime() / HOUR_MS) - startHour;
      if (slot >= 0 && slot < SPARKLINE_HOURS) o.sparkline[slot] = r.count ?? 0;
    }
  }
  return out;
}

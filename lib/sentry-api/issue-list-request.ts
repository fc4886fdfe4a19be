// Sentry's issue list requests (organization and project), read into one list: defaults as Sentry's (`is:unresolved`,
// sorted by `date`, 100 a page, 24-hour stats), the direct hits (an event id, a short id with `shortIdLookup=1`,
// `group=<id>`), Sentry's 400s for what is malformed, and the answer's `Link`, `X-Hits` and `X-Max-Hits`.
import { AppError } from '@/lib/errors';
import { clock } from '@/lib/clock';
import { eventsByClientId } from '@/lib/events/by-client-id';
import { periodMs, type SentryIssueListQuery } from '@/lib/zod/sentry-api';
import { linkHeader, parseCursor } from './cursor';
import { findIssues } from './find-issues';
import { normalizeEventId, parseIssueRef } from './ids';
import { sentryIssues, type StatsPeriod } from './issue-attrs';
import { listSentryIssues, MAX_HITS, SENTRY_SORTS, type SentrySort } from './list-issues';
import { projectIdsOf } from './projects';
import { sentrySearchFilters } from './search';

const refuse = (detail: string) => new AppError('BAD_REQUEST', detail);
type Caller = { orgId: string; userId: string | null };
export type ListAnswer = { data: unknown[]; headers: Record<string, string> };

function sortOf(sort: string | undefined): SentrySort {
  if (sort === undefined || sort === '') return 'date';
  if ((SENTRY_SORTS as readonly string[]).includes(sort)) return sort as SentrySort;
  throw refuse(`Invalid sort "${sort}": use ${SENTRY_SORTS.join(', ')}`);
}

/** The period an organization's list covers: statsPeriod, or start and end (Sentry's default: the last 90 days). */
function rangeOf(q: SentryIssueListQuery): { start: Date | null; end: Date | null } {
  const now = clock.nowMs();
  if (q.statsPeriod !== undefined && q.statsPeriod !== '') {
    const ms = periodMs(q.statsPeriod);
    if (ms === null) throw refuse(`Invalid statsPeriod "${q.statsPeriod}": use a number and s, m, h, d or w, e.g. 14d`);
    return { start: new Date(now - ms), end: null };
  }
  if (q.start || q.end) {
    if (!q.start || !q.end) throw refuse('start and end go together');
    if (q.start > q.end) throw refuse('start must be before end');
    return { start: q.start, end: q.end };
  }
  return { start: new Date(now - 90 * 86_400_000), end: null };
}

function statsOf(value: string | undefined, allowed: readonly string[]): StatsPeriod | null {
  if (value === undefined) return '24h';
  if (value === '') return null;
  if (value === 'auto') return '24h';
  if (allowed.includes(value)) return value as StatsPeriod;
  throw refuse(`Invalid stats_period. Valid choices are '', ${allowed.map((a) => `'${a}'`).join(', ')}`);
}

/** A search that names one issue: its event's id (32 hex), or its short id when `shortIdLookup=1`. */
async function directHit(caller: Caller, projectIds: string[], q: SentryIssueListQuery) {
  const text = (q.query ?? '').trim();
  const eventId = normalizeEventId(text);
  if (eventId) {
    const found = (await Promise.all(projectIds.map((p) => eventsByClientId(p, [eventId], { issueId: true })))).flat();
    if (found.length > 0) return { ids: [...new Set(found.map((f) => f.issueId))], eventId };
  }
  if (q.shortIdLookup === '1' && parseIssueRef(text)?.kind === 'short') {
    const [hit] = await findIssues(caller.orgId, [text], projectIds);
    if (hit) return { ids: [hit.id], eventId: null };
  }
  return null;
}

/**
 * One page of an issue list. `scope`: the organization's (projects from `project`, a period from `statsPeriod` or
 * `start`/`end`, stats from `groupStatsPeriod`) or one project's (stats from `statsPeriod`, no period).
 */
export async function issueListRequest(
  caller: Caller,
  q: SentryIssueListQuery,
  scope: { kind: 'organization'; url: string } | { kind: 'project'; projectId: string; url: string },
): Promise<ListAnswer> {
  const org = scope.kind !== 'project';
  const projectIds = scope.kind === 'project' ? [scope.projectId] : await projectIdsOf(caller.orgId, q.project);
  const statsPeriod = org ? statsOf(q.groupStatsPeriod, ['24h', '14d']) : statsOf(q.statsPeriod, ['24h', '14d']);
  if (q.group.length > 0) {
    const found = await findIssues(caller.orgId, q.group, projectIds);
    return {
      data: await sentryIssues(
        found.map((f) => f.id),
        caller,
        statsPeriod,
      ),
      headers: {},
    };
  }
  const hit = await directHit(caller, projectIds, q);
  if (hit) {
    const issues = await sentryIssues(hit.ids, caller, statsPeriod);
    return {
      data: hit.eventId && issues.length === 1 ? [{ ...issues[0], matchingEventId: hit.eventId }] : issues,
      headers: { 'X-Sentry-Direct-Hit': '1' },
    };
  }
  const cursor = parseCursor(q.cursor);
  const page = await listSentryIssues({
    orgId: caller.orgId,
    projectIds,
    userId: caller.userId,
    // Sentry's default search; an empty `query=` lists every issue.
    filters: sentrySearchFilters(q.query ?? 'is:unresolved'),
    environments: q.environment,
    range: org ? rangeOf(q) : { start: null, end: null },
    sort: sortOf(q.sort),
    limit: q.limit,
    cursor,
    statsPeriod,
  });
  return {
    data: page.issues,
    headers: {
      ...(page.links ? { Link: linkHeader(scope.url, page.links) } : {}),
      'X-Hits': String(page.hits),
      'X-Max-Hits': String(MAX_HITS),
    },
  };
}

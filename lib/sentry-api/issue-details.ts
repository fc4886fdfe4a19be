// One issue as Sentry's "Retrieve an Issue" answers it: the issue's fields, its activity, first and last release,
// who took part and who has seen it, its tags' sizes, its 24-hour and 30-day counts, and what its latest event
// says of its type.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { readDb } from '@/lib/replica';
import { issueReleases } from '@/lib/releases/get-release';
import { CONTEXT_PREFIX } from '@/lib/envelope/rollup-prefixes';
import { issueStats, loadSentryIssues } from './issue-attrs';
import { issueEvent } from './issue-events';
import { sentryNotFound } from './org';
import { serializeSentryIssue } from './serialize-issue';
import { usersById } from './users';

const STATUS_ACTIVITY: Record<string, string> = {
  RESOLVED: 'set_resolved',
  UNRESOLVED: 'set_unresolved',
  IGNORED: 'set_ignored',
};

async function activityOf(issueId: string, firstSeen: Date) {
  const rows = await db.issueActivity.findMany({
    where: { issueId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 100,
    include: { comment: { select: { body: true } }, assigneeTeam: { select: { id: true, slug: true } } },
  });
  const users = await usersById([...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))]);
  const entry = (r: (typeof rows)[number]) => {
    switch (r.type) {
      case 'STATUS':
        return { type: STATUS_ACTIVITY[r.toStatus ?? 'UNRESOLVED'], data: {} };
      case 'REGRESSED':
        return { type: 'set_regression', data: {} };
      case 'COMMENT':
        return { type: 'note', data: { text: r.comment?.body ?? '' } };
      case 'MERGED':
        return { type: 'merge', data: {} };
      case 'ASSIGNED':
        if (r.assigneeTeam) return { type: 'assigned', data: { assignee: r.assigneeTeam.id, assigneeType: 'team' } };
        return r.assigneeId
          ? { type: 'assigned', data: { assignee: r.assigneeId, assigneeType: 'user' } }
          : { type: 'unassigned', data: {} };
    }
  };
  return [
    ...rows.map((r) => ({
      id: r.id,
      ...entry(r),
      dateCreated: r.createdAt.toISOString(),
      user: r.actorId ? (users.get(r.actorId) ?? null) : null,
    })),
    { id: '0', type: 'first_seen', data: {}, dateCreated: firstSeen.toISOString(), user: null },
  ];
}

/** People who commented on it, changed it or were assigned it, and people who have looked at it. */
async function peopleOf(issueId: string, assigneeId: string | null) {
  const [acted, seen] = await Promise.all([
    db.issueActivity.findMany({
      where: { issueId, actorId: { not: null } },
      distinct: ['actorId'],
      select: { actorId: true },
    }),
    db.issueSeen.findMany({ where: { issueId }, orderBy: { lastSeen: 'desc' }, take: 100 }),
  ]);
  const participants = [...new Set([...acted.map((a) => a.actorId!), ...(assigneeId ? [assigneeId] : [])])];
  const users = await usersById([...new Set([...participants, ...seen.map((s) => s.userId)])]);
  return {
    participants: participants.flatMap((id) => (users.has(id) ? [users.get(id)!] : [])),
    seenBy: seen.flatMap((s) =>
      users.has(s.userId) ? [{ ...users.get(s.userId)!, lastSeen: s.lastSeen.toISOString() }] : [],
    ),
  };
}

/** Each tag key with how many events carry it (its kept values and its `other` bucket). */
export async function tagTotals(issueId: string) {
  const rows = await readDb().$queryRaw<{ key: string; total: number }[]>`
    SELECT k.key, (k.other + coalesce((SELECT sum(v.count) FROM issue_tag_values v WHERE v.issue_id = k.issue_id AND v.key = k.key), 0))::int AS total
    FROM issue_tag_keys k WHERE k.issue_id = ${issueId} AND k.key NOT LIKE ${`${CONTEXT_PREFIX}%`}
    ORDER BY total DESC, k.key LIMIT 100`;
  return rows.map((r) => ({ key: r.key, name: tagName(r.key), totalValues: r.total }));
}

/** Sentry's display name of a tag key: `browser.name` → `Browser.Name`. */
export const tagName = (key: string) =>
  key.replace(/(^|[._-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());

const releaseOf = (version: string | null) =>
  version === null ? null : { version, shortVersion: version, ref: null, url: null, dateReleased: null };

export async function sentryIssueDetails(issueId: string, caller: { orgId: string; userId: string | null }) {
  const [loaded] = await loadSentryIssues([issueId], caller);
  if (!loaded) throw sentryNotFound();
  const { row, attrs } = loaded;
  const [activity, people, releases, tags, day, month, userReportCount, latest] = await Promise.all([
    activityOf(row.id, row.firstSeen),
    peopleOf(row.id, row.assignee?.id ?? null),
    issueReleases(row.id),
    tagTotals(row.id),
    issueStats([row.id], '24h'),
    issueStats([row.id], '30d'),
    db.feedback.count({ where: { issueId: row.id } }),
    issueEvent(row.id, 'latest').catch(() => null),
  ]);
  const base = serializeSentryIssue(row, attrs, clock.nowMs());
  return {
    ...base,
    type: latest?.type ?? base.type,
    metadata: latest ? { ...latest.metadata, title: row.title } : base.metadata,
    logger: latest?.tags.find((t) => t.key === 'logger')?.value ?? null,
    activity,
    firstRelease: releaseOf(releases.firstRelease),
    lastRelease: releaseOf(releases.lastRelease),
    ...people,
    pluginActions: [],
    pluginContexts: [],
    pluginIssues: [],
    stats: { '24h': day.get(row.id)!, '30d': month.get(row.id)! },
    tags,
    userReportCount,
  };
}

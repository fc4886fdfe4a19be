// What a Sentry issue shows beside its row, read in one round of queries for a whole page: distinct users,
// comments, the caller's bookmark and whether they have seen it since it last became active, and its event counts
// over time (`stats`, from the hourly rollup).
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { readDb } from '@/lib/replica';
import { serializeSentryIssue, sentryIssueSelect, type IssueAttrs, type SentryIssueRow } from './serialize-issue';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const STATS_PERIODS = {
  '24h': { buckets: 24, ms: HOUR_MS },
  '14d': { buckets: 14, ms: DAY_MS },
  '30d': { buckets: 30, ms: DAY_MS },
};
export type StatsPeriod = keyof typeof STATS_PERIODS;

async function attrsOf(rows: SentryIssueRow[], userId: string | null): Promise<Map<string, IssueAttrs>> {
  const ids = rows.map((r) => r.id);
  const [users, comments, bookmarks, seen] = await Promise.all([
    readDb().issueUserCount.findMany({ where: { issueId: { in: ids } }, select: { issueId: true, users: true } }),
    readDb().issueComment.groupBy({ by: ['issueId'], where: { issueId: { in: ids } }, _count: { _all: true } }),
    userId ? db.issueBookmark.findMany({ where: { userId, issueId: { in: ids } }, select: { issueId: true } }) : [],
    userId
      ? db.issueSeen.findMany({ where: { userId, issueId: { in: ids } }, select: { issueId: true, lastSeen: true } })
      : [],
  ]);
  const userCount = new Map(users.map((u) => [u.issueId, u.users]));
  const commentCount = new Map(comments.map((c) => [c.issueId, c._count._all]));
  const marked = new Set(bookmarks.map((b) => b.issueId));
  const seenAt = new Map(seen.map((s) => [s.issueId, s.lastSeen]));
  return new Map(
    rows.map((r) => {
      // Seen since it last became active: since it was first seen, or since it came back.
      const at = seenAt.get(r.id);
      const activeSince = r.regressedAt ?? r.firstSeen;
      return [
        r.id,
        {
          userCount: userCount.get(r.id) ?? 0,
          numComments: commentCount.get(r.id) ?? 0,
          isBookmarked: marked.has(r.id),
          hasSeen: at !== undefined && at >= activeSince,
        },
      ];
    }),
  );
}

/** `[[bucket start in epoch seconds, events], …]`, oldest first, the current hour or UTC day last, for each issue. */
export async function issueStats(issueIds: string[], period: StatsPeriod): Promise<Map<string, [number, number][]>> {
  const { buckets, ms } = STATS_PERIODS[period];
  const first = (Math.floor(clock.nowMs() / ms) - (buckets - 1)) * ms;
  const rows = issueIds.length
    ? await readDb().$queryRaw<{ id: string; bucket: Date; n: number }[]>`
        SELECT issue_id AS id, date_bin(${`${ms / 1000} seconds`}::interval, hour, 'epoch'::timestamptz) AS bucket,
               sum(count)::int AS n
        FROM issue_hourly_counts WHERE issue_id = ANY(${issueIds}::text[]) AND hour >= ${new Date(first)}
        GROUP BY 1, 2`
    : [];
  const out = new Map(
    issueIds.map((id) => [
      id,
      Array.from({ length: buckets }, (_, i): [number, number] => [(first + i * ms) / 1000, 0]),
    ]),
  );
  for (const r of rows) {
    const slot = Math.round((r.bucket.getTime() - first) / ms);
    const series = out.get(r.id);
    if (series && slot >= 0 && slot < buckets) series[slot][1] = r.n;
  }
  return out;
}

/** The issues' rows with what they show beside them, in the order of `ids` (an issue gone meanwhile is left out). */
export async function loadSentryIssues(ids: string[], caller: { orgId: string; userId: string | null }) {
  if (ids.length === 0) return [];
  const rows = await readDb().issue.findMany({
    where: { id: { in: ids }, project: { orgId: caller.orgId } },
    select: sentryIssueSelect,
  });
  const byId = new Map(rows.map((r) => [r.id, r as SentryIssueRow]));
  const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const attrs = await attrsOf(ordered, caller.userId);
  return ordered.map((row) => ({ row, attrs: attrs.get(row.id)! }));
}

/** The serialized issues, with `stats` for the period when one is asked. */
export async function sentryIssues(
  ids: string[],
  caller: { orgId: string; userId: string | null },
  period: StatsPeriod | null,
) {
  const loaded = await loadSentryIssues(ids, caller);
  const stats = period ? await issueStats(ids, period) : null;
  const now = clock.nowMs();
  return loaded.map(({ row, attrs }) => ({
    ...serializeSentryIssue(row, attrs, now),
    ...(stats && period ? { stats: { [period]: stats.get(row.id)! } } : {}),
  }));
}

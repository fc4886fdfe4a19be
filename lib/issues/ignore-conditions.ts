// Ignore with a condition (#30), as Sentry's archive: for a while, until it happens N more times (optionally within
// a window), or until N more users have it. A job every minute brings such issues back (UNRESOLVED) with an
// activity entry; any status change by a person clears the condition.
import { pool } from '@/lib/pg';
import { clock } from '@/lib/clock';
import type { Tx } from '@/lib/db';
import type { IgnoreCondition } from '@/lib/zod/issues';

/** The columns that record a condition (all null: no condition, or a status that is not IGNORED). */
export const NO_CONDITION = {
  ignoredAt: null,
  ignoreUntil: null,
  ignoreCount: null,
  ignoreWindowMinutes: null,
  ignoreUsers: null,
  ignoreEventsBaseline: null,
  ignoreUsersBaseline: null,
} as const;

/** The columns for ignoring issue `issueId` (locked by the caller) under `c`, its baselines read now. */
export async function conditionColumns(tx: Tx, issueId: string, c: IgnoreCondition) {
  const now = clock.now();
  const issue = await tx.issue.findUniqueOrThrow({
    where: { id: issueId },
    select: { eventCount: true, userCount: { select: { users: true } } },
  });
  return {
    ...NO_CONDITION,
    ignoredAt: now,
    ignoreUntil: c.minutes !== undefined ? new Date(now.getTime() + c.minutes * 60_000) : null,
    ignoreCount: c.count ?? null,
    ignoreWindowMinutes: c.windowMinutes ?? null,
    ignoreUsers: c.users ?? null,
    ignoreEventsBaseline: issue.eventCount,
    ignoreUsersBaseline: issue.userCount?.users ?? 0,
  };
}

/** What an issue's condition is, for the API and the issue page. */
export function describeCondition(i: {
  ignoreUntil: Date | null;
  ignoreCount: number | null;
  ignoreWindowMinutes: number | null;
  ignoreUsers: number | null;
  ignoreEventsBaseline: number | null;
  ignoreUsersBaseline: number | null;
}) {
  if (i.ignoreUntil) return { until: i.ignoreUntil.toISOString() };
  if (i.ignoreCount !== null)
    return { count: i.ignoreCount, windowMinutes: i.ignoreWindowMinutes, eventsAtIgnore: i.ignoreEventsBaseline };
  if (i.ignoreUsers !== null) return { users: i.ignoreUsers, usersAtIgnore: i.ignoreUsersBaseline };
  return null;
}

/**
 * Brings back every ignored issue whose condition is met at `now`: UNRESOLVED, the condition cleared, a STATUS
 * activity entry without an actor. One statement, safe to run on several instances at once (a row is updated once).
 */
export async function reviveIgnoredIssues(now = clock.now()): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `WITH due AS (
       SELECT i.id FROM issues i
        WHERE i.status = 'IGNORED' AND (i.ignore_until IS NOT NULL OR i.ignore_count IS NOT NULL OR i.ignore_users IS NOT NULL)
          AND (
            i.ignore_until <= $1
            OR (i.ignore_count IS NOT NULL AND i.ignore_window_minutes IS NULL AND i.event_count - i.ignore_events_baseline >= i.ignore_count)
            OR (i.ignore_count IS NOT NULL AND i.ignore_window_minutes IS NOT NULL AND i.event_count - i.ignore_events_baseline >= i.ignore_count
                AND (SELECT count(*) FROM events e
                      WHERE e.issue_id = i.id AND e.received_at > greatest(i.ignored_at, $1::timestamptz - make_interval(mins => i.ignore_window_minutes))
                        AND e.received_at <= $1) >= i.ignore_count)
            OR (i.ignore_users IS NOT NULL AND coalesce((SELECT u.users FROM issue_user_counts u WHERE u.issue_id = i.id), 0) - i.ignore_users_baseline >= i.ignore_users)
          )
        FOR UPDATE SKIP LOCKED
     ), revived AS (
       UPDATE issues i SET status = 'UNRESOLVED', updated_at = $1, ignored_at = NULL, ignore_until = NULL, ignore_count = NULL, ignore_window_minutes = NULL,
              ignore_users = NULL, ignore_events_baseline = NULL, ignore_users_baseline = NULL
         FROM due WHERE i.id = due.id AND i.status = 'IGNORED'
       RETURNING i.id
     ), logged AS (
       INSERT INTO issue_activities (issue_id, type, from_status, to_status, created_at)
       SELECT id, 'STATUS', 'IGNORED', 'UNRESOLVED', $1 FROM revived
     )
     SELECT id FROM revived`,
    [now],
  );
  return rows.map((r) => r.id);
}

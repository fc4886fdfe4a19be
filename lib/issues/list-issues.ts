import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { pagination } from '@/lib/http/query';
import type { ListIssuesQuery } from '@/lib/zod/issues';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';

const HOUR_MS = 3_600_000;
/** Hours in an issue's sparkline: the last 24, the current one included. */
export const SPARKLINE_HOURS = 24;

/**
 * One page of the project's issues, newest activity first, with the optional status/level/assignee filters.
 * Beside the spec's fields each issue carries `users` (distinct users) and `sparkline` (events per UTC hour of
 * occurrence over the last 24 hours, oldest first), read from the rollups.
 */
export async function listIssues(orgId: string, projectId: string, userId: string | null, q: ListIssuesQuery) {
  const where = {
    projectId,
    project: { orgId },
    ...(q.status ? { status: q.status } : {}),
    ...(q.level ? { level: q.level } : {}),
    ...(q.assignee ? q.assignee === 'me' ? (userId === null ? { id: { in: [] } } : { assigneeId: userId }) : { assigneeId: null } : {}),
  };
  const [total, issues] = await Promise.all([
    db.issue.count({ where }),
    db.issue.findMany({
      where,
      include: withAssignee,
      orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  const extras = await rollupsOf(issues.map((i) => i.id));
  const serialize = q.expand ? serializeIssueWithAssignee : serializeIssue;
  return {
    issues: issues.map((i) => ({ ...serialize(i), ...extras.get(i.id)! })),
    pagination: pagination(q.page, q.limit, total),
  };
}

async function rollupsOf(issueIds: string[]): Promise<Map<string, { users: number; sparkline: number[] }>> {
  if (issueIds.length === 0) return new Map();
  const startHour = Math.floor(clock.nowMs() / HOUR_MS) - (SPARKLINE_HOURS - 1);
  // One index range per issue (at most 24 rows each), filled into zeroed hours here.
  const rows = await db.$queryRaw<{ id: string; users: number | null; hour: Date | null; count: number | null }[]>`
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

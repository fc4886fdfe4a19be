import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import { pagination } from '@/lib/http/query';
import type { ListIssuesQuery } from '@/lib/zod/issues';
import { serializeIssue } from './serialize';

const HOUR_MS = 3_600_000;
/** Hours in an issue's sparkline: the last 24, the current one included. */
export const SPARKLINE_HOURS = 24;

/**
 * One page of the project's issues, newest activity first, with the optional status/level filters. Beside the
 * spec's fields each issue carries `users` (distinct users) and `sparkline` (events per UTC hour of occurrence
 * over the last 24 hours, oldest first), read from the rollups.
 */
export async function listIssues(orgId: string, projectId: string, q: ListIssuesQuery) {
  const where = {
    projectId,
    project: { orgId },
    ...(q.status ? { status: q.status } : {}),
    ...(q.level ? { level: q.level } : {}),
  };
  const [project, total, issues] = await Promise.all([
    db.project.findFirst({ where: { id: projectId, orgId }, select: { id: true } }),
    db.issue.count({ where }),
    db.issue.findMany({
      where,
      orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  if (!project) throw notFound('Project');
  const extras = await rollupsOf(issues.map((i) => i.id));
  return {
    issues: issues.map((i) => ({ ...serializeIssue(i), ...(extras.get(i.id) ?? { users: 0, sparkline: new Array<number>(SPARKLINE_HOURS).fill(0) }) })),
    pagination: pagination(q.page, q.limit, total),
  };
}

async function rollupsOf(issueIds: string[]): Promise<Map<string, { users: number; sparkline: number[] }>> {
  if (issueIds.length === 0) return new Map();
  const start = new Date((Math.floor(clock.nowMs() / HOUR_MS) - (SPARKLINE_HOURS - 1)) * HOUR_MS);
  const rows = await db.$queryRaw<{ id: string; users: number; sparkline: number[] }[]>`
    SELECT i.id, coalesce(uc.users, 0)::int AS users,
           ARRAY(SELECT coalesce(h.count, 0)::int
                 FROM generate_series(0, ${SPARKLINE_HOURS}::int - 1) AS g
                 LEFT JOIN issue_hourly_counts h ON h.issue_id = i.id AND h.hour = ${start}::timestamptz + g * interval '1 hour'
                 ORDER BY g) AS sparkline
    FROM unnest(${issueIds}::text[]) AS i(id)
    LEFT JOIN issue_user_counts uc ON uc.issue_id = i.id`;
  return new Map(rows.map((r) => [r.id, { users: r.users, sparkline: r.sparkline }]));
}

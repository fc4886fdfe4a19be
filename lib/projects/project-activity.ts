import { clock } from '@/lib/clock';
import { readDb } from '@/lib/replica';

/** Open issues are counted up to this many, so a project with a backlog of millions still answers at once. */
export const OPEN_ISSUES_CAP = 10_000;
const DAY_MS = 86_400_000;

export type ProjectActivity = {
  projectId: string;
  /** Unresolved issues, at most OPEN_ISSUES_CAP; `openIssuesCapped` says there are more. */
  openIssues: number;
  openIssuesCapped: boolean;
  /** Error events (every level, not transactions) received in the last 24 hours. */
  eventsLast24h: number;
};

/**
 * For the home page's project cards: each project of the organization with its open issues and the events it
 * received in the last 24 hours, read from the per-minute rollup (at most 1,440 rows a project) and the issues'
 * status index, never from the events themselves.
 */
export async function listProjectActivity(orgId: string): Promise<ProjectActivity[]> {
  const since = new Date(clock.nowMs() - DAY_MS);
  // Raw SQL: a capped count and a rollup sum per project in one round trip, which Prisma's groupBy cannot express.
  const rows = await readDb().$queryRaw<{ project_id: string; open: number; events: bigint }[]>`
    SELECT p.id AS project_id,
           (SELECT count(*)::int FROM (
              SELECT 1 FROM issues i WHERE i.project_id = p.id AND i.status = 'UNRESOLVED' LIMIT ${OPEN_ISSUES_CAP + 1}
            ) AS o) AS open,
           (SELECT coalesce(sum(m.count), 0)::bigint FROM project_minute_counts m
             WHERE m.project_id = p.id AND m.minute >= ${since}::timestamptz) AS events
      FROM projects p
     WHERE p.org_id = ${orgId}
     ORDER BY p.created_at, p.id`;
  return rows.map((r) => ({
    projectId: r.project_id,
    openIssues: Math.min(r.open, OPEN_ISSUES_CAP),
    openIssuesCapped: r.open > OPEN_ISSUES_CAP,
    eventsLast24h: Number(r.events),
  }));
}

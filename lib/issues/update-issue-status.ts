import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { IssueStatusValue } from '@/lib/zod/issues';
import { serializeIssue } from './serialize';

/** Locks the issue rows of this project of this organization and returns their status; activity stamped after the lock follows the order changes applied. */
export async function lockIssues(tx: Tx, t: ProjectTenant, ids: string[]) {
  return tx.$queryRaw<{ id: string; status: IssueStatusValue }[]>`
    SELECT i.id, i.status::text AS status FROM issues i JOIN projects p ON p.id = i.project_id
     WHERE i.id = ANY(${ids}::text[]) AND i.project_id = ${t.projectId} AND p.org_id = ${t.orgId}
     ORDER BY i.id FOR UPDATE OF i`;
}

/**
 * Sets the status (updatedAt moves even when the status is unchanged); a change is recorded in the
 * issue's activity with who made it. Concurrent changes serialize on the row: the last one wins and
 * both are in the activity. 404 for an issue outside the project/org.
 */
export async function updateIssueStatus(t: ProjectTenant, issueId: string, status: IssueStatusValue) {
  const issue = await db.$transaction(async (tx) => {
    const [current] = await lockIssues(tx, t, [issueId]);
    if (!current) throw notFound('Issue');
    if (current.status !== status) {
      await tx.issueActivity.create({ data: { issueId, actorId: t.userId, type: 'STATUS', fromStatus: current.status, toStatus: status, createdAt: clock.now() } });
    }
    return tx.issue.update({ where: { id: issueId }, data: { status } });
  });
  return serializeIssue(issue);
}

import { db } from '@/lib/db';
import { notFound, prismaErrorCode } from '@/lib/errors';
import type { IssueStatusValue } from '@/lib/zod/issues';
import { serializeIssue } from './serialize';

/** Sets the status (updatedAt moves even when the status is unchanged); 404 for an issue outside the project/org. */
export async function updateIssueStatus(orgId: string, projectId: string, issueId: string, status: IssueStatusValue) {
  try {
    const issue = await db.issue.update({ where: { id: issueId, projectId, project: { orgId } }, data: { status } });
    return serializeIssue(issue);
  } catch (err) {
    if (prismaErrorCode(err) === 'P2025') throw notFound('Issue');
    throw err;
  }
}

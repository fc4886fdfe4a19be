import { db } from '@/lib/db';
import type { BulkUpdateIssuesInput } from '@/lib/zod/issues';
import { assertProjectInOrg } from './find-project';

/** Sets the status of the given issues of this project; ids of other projects are left alone and not counted. */
export async function bulkUpdateIssues(orgId: string, projectId: string, input: BulkUpdateIssuesInput) {
  await assertProjectInOrg(orgId, projectId);
  const { count } = await db.issue.updateMany({
    where: { id: { in: [...new Set(input.ids)] }, projectId, project: { orgId } },
    data: { status: input.status },
  });
  return { updated: count };
}

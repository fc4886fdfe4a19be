import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { BulkUpdateIssuesInput } from '@/lib/zod/issues';
import { lockIssues, statusChange } from './update-issue-status';

/** Sets the status of the given issues of this project; ids of other projects are left alone and not counted. */
export async function bulkUpdateIssues(t: ProjectTenant, input: BulkUpdateIssuesInput) {
  return db.$transaction(async (tx) => {
    const found = await lockIssues(tx, t, [...new Set(input.ids)]);
    if (found.length === 0) return { updated: 0 };
    const changed = found.filter((i) => i.status !== input.status);
    if (changed.length > 0) {
      await tx.issueActivity.createMany({
        data: changed.map((i) => ({
          issueId: i.id,
          actorId: t.userId,
          type: 'STATUS' as const,
          fromStatus: i.status,
          toStatus: input.status,
          createdAt: clock.now(),
        })),
      });
    }
    const { count } = await tx.issue.updateMany({
      where: { id: { in: found.map((i) => i.id) } },
      data: statusChange(input.status),
    });
    return { updated: count };
  });
}

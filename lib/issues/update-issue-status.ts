import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';
import type { IgnoreCondition, IssueStatusValue, ResolveIn } from '@/lib/zod/issues';
import { serializeIssue } from './serialize';
import { conditionColumns, NO_CONDITION } from './ignore-conditions';

/**
 * Locks the issue rows of this project of this organization and returns their status; activity stamped after the
 * lock follows the order changes applied. Rows are locked in the ingest batch statement's order (project,
 * fingerprint), so a bulk change and a batch touching the same issues queue instead of deadlocking.
 */
export async function lockIssues(tx: Tx, t: ProjectTenant, ids: string[]) {
  return tx.$queryRaw<{ id: string; status: IssueStatusValue }[]>`
    SELECT i.id, i.status::text AS status FROM issues i JOIN projects p ON p.id = i.project_id
     WHERE i.id = ANY(${ids}::text[]) AND i.project_id = ${t.projectId} AND p.org_id = ${t.orgId}
     ORDER BY i.project_id, i.fingerprint FOR UPDATE OF i`;
}

/**
 * The columns a person's status change writes: resolving clears the regressed mark, and any change drops a
 * pending "resolve in next release" (the caller sets it again when asked).
 */
export function statusChange(status: IssueStatusValue) {
  return {
    status,
    resolvedIn: null,
    resolvedInAt: null,
    ...NO_CONDITION,
    ...(status === 'RESOLVED' ? { regressedAt: null } : {}),
  };
}

/** The project's latest release (by when the releases table first saw it), which "resolve in next release" waits past. */
async function latestRelease(tx: Tx, projectId: string) {
  return tx.release.findFirst({
    where: { projectId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { version: true, createdAt: true },
  });
}

/**
 * Sets the status (updatedAt moves even when the status is unchanged); a change is recorded in the
 * issue's activity with who made it. Concurrent changes serialize on the row: the last one wins and
 * both are in the activity. 404 for an issue outside the project/org. `resolveIn: nextRelease` records
 * the project's latest release: only an event of a newer one reopens the issue.
 */
export async function updateIssueStatus({
  t,
  issueId,
  status,
  resolveIn,
  ignore,
}: {
  t: ProjectTenant;
  issueId: string;
  status: IssueStatusValue;
  resolveIn?: ResolveIn;
  ignore?: IgnoreCondition;
}) {
  let resolvedNow = false;
  const issue = await db.$transaction(async (tx) => {
    const [current] = await lockIssues(tx, t, [issueId]);
    if (!current) throw notFound('Issue');
    resolvedNow = status === 'RESOLVED' && current.status !== 'RESOLVED';
    let release: { version: string; createdAt: Date } | null = null;
    if (resolveIn === 'nextRelease') {
      release = await latestRelease(tx, t.projectId);
      if (!release)
        throw validationError([
          {
            path: ['resolveIn'],
            message: 'No release has been seen in this project yet, so there is no next release to wait for',
          },
        ]);
    }
    if (current.status !== status) {
      await tx.issueActivity.create({
        data: {
          issueId,
          actorId: t.userId,
          type: 'STATUS',
          fromStatus: current.status,
          toStatus: status,
          createdAt: clock.now(),
        },
      });
    }
    return tx.issue.update({
      where: { id: issueId },
      data: {
        ...statusChange(status),
        ...(release ? { resolvedIn: release.version, resolvedInAt: release.createdAt } : {}),
        ...(ignore ? await conditionColumns(tx, issueId, ignore) : {}),
      },
    });
  });
  if (resolvedNow)
    await emitWorkflowEvents([
      { type: 'RESOLVED', projectId: t.projectId, issueId, actorId: t.userId, resolvedIn: issue.resolvedIn },
    ]);
  return serializeIssue(issue);
}

// Issues named as Sentry names them (a number or a short id like `SHOP-1A`), always within the caller's
// organization: another organization's issue is not found (or, through the unscoped `/issues/{id}/`, forbidden, as
// Sentry answers there).
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { parseIssueRef, type IssueRef } from './ids';
import { SENTRY_FORBIDDEN, sentryNotFound } from './org';

export type FoundIssue = { id: string; projectId: string; number: bigint };

/** Sentry's 400 for an `id` that names no issue in any form. */
export const badIssueIds = () => new AppError('BAD_REQUEST', 'Group ids must be integers');

async function byRefs(refs: IssueRef[]) {
  const numbers = refs.filter((r) => r.kind === 'number').map((r) => r.number);
  const short = refs.filter((r) => r.kind === 'short');
  return db.issue.findMany({
    where: {
      OR: [
        ...(numbers.length ? [{ number: { in: numbers } }] : []),
        ...short.map((r) => ({ number: r.number, project: { slug: r.slug } })),
      ],
    },
    select: { id: true, projectId: true, number: true, project: { select: { orgId: true } } },
  });
}

/**
 * One issue of the organization (and of `projectId` when given). Not found, or another organization's → 404;
 * with `foreign: 'forbidden'`, another organization's existing issue is 403.
 */
export async function findIssue(
  orgId: string,
  ref: string,
  opts: { projectId?: string; foreign?: 'forbidden' } = {},
): Promise<FoundIssue> {
  const parsed = parseIssueRef(ref);
  if (!parsed) throw sentryNotFound();
  const rows = await byRefs([parsed]);
  const own = rows.find((r) => r.project.orgId === orgId && (!opts.projectId || r.projectId === opts.projectId));
  if (own) return { id: own.id, projectId: own.projectId, number: own.number };
  // A short id names a slug, which means something only in its own organization: never forbidden.
  if (opts.foreign === 'forbidden' && parsed.kind === 'number' && rows.some((r) => r.project.orgId !== orgId))
    throw new AppError('FORBIDDEN', SENTRY_FORBIDDEN);
  throw sentryNotFound();
}

/** The issues of the organization (within `projectIds` when given) among `refs`; any other is left out. */
export async function findIssues(orgId: string, refs: string[], projectIds?: readonly string[]): Promise<FoundIssue[]> {
  const parsed = refs.map(parseIssueRef);
  if (parsed.some((p) => p === null)) throw badIssueIds();
  const rows = await byRefs(parsed as IssueRef[]);
  return rows
    .filter((r) => r.project.orgId === orgId && (!projectIds || projectIds.includes(r.projectId)))
    .map((r) => ({ id: r.id, projectId: r.projectId, number: r.number }));
}

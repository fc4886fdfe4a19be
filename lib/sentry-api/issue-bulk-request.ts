// Sentry's bulk issue changes (`PUT`/`DELETE …/issues/?id=…`): the issues named by `id`, or, for a status change
// without ids, those the search finds (`query`, default `is:unresolved`, and `status`), at most
// BULK_MUTATION_LIMIT of them. Ids of other organizations or projects are left out, as Sentry does.
import { AppError } from '@/lib/errors';
import type { SentryBulkQuery, SentryIssueChanges } from '@/lib/zod/sentry-api';
import { findIssues, type FoundIssue } from './find-issues';
import { readChanges } from './issue-changes';
import { searchIssueIds } from './list-issues';
import { BULK_MUTATION_LIMIT, deleteIssues, mutateIssues, type Actor } from './mutate-issues';
import { sentrySearchFilters } from './search';

const NEED_IDS = 'You must specify a list of IDs for this operation';
const STATUS_TERMS: Record<string, string> = {
  resolved: 'is:resolved',
  unresolved: 'is:unresolved',
  ignored: 'is:ignored',
  muted: 'is:ignored',
};

async function selection(actor: Actor, q: SentryBulkQuery, projectIds: string[]): Promise<FoundIssue[]> {
  if (q.id.length > 0) return findIssues(actor.tenant.orgId, q.id, projectIds);
  let query = q.query ?? 'is:unresolved';
  if (q.status !== undefined) {
    const term = STATUS_TERMS[q.status];
    if (!term) throw new AppError('BAD_REQUEST', `Invalid status "${q.status}": use resolved, unresolved or ignored`);
    // The status parameter restricts the selection; it replaces the default search, not a given one.
    query = q.query === undefined ? term : `${q.query} ${term}`;
  }
  const rows = await searchIssueIds(
    {
      orgId: actor.tenant.orgId,
      projectIds,
      userId: actor.personId,
      filters: sentrySearchFilters(query),
      environments: q.environment,
    },
    BULK_MUTATION_LIMIT,
  );
  return rows.map((r) => ({ id: r.id, projectId: r.projectId, number: BigInt(r.number) }));
}

/** `PUT`: 200 with what changed, or 204 when nothing matched (or for a discard, as Sentry). */
export async function bulkMutate(
  actor: Actor,
  req: { query: SentryBulkQuery; body: SentryIssueChanges; projectIds: string[] },
): Promise<{ status: 200 | 204; data?: unknown }> {
  const changes = await readChanges(actor.tenant.orgId, req.body);
  const onlyStatus =
    changes.status !== null && !changes.assignee && changes.hasSeen === null && changes.isBookmarked === null;
  if (req.query.id.length === 0 && !onlyStatus) throw new AppError('BAD_REQUEST', NEED_IDS);
  const issues = await selection(actor, req.query, req.projectIds);
  if (issues.length === 0) return { status: 204 };
  const data = await mutateIssues(actor, issues, changes);
  return data === null ? { status: 204 } : { status: 200, data };
}

/** `DELETE`: by ids only (a search would delete what a typo matches); 204. */
export async function bulkDelete(actor: Actor, req: { query: SentryBulkQuery; projectIds: string[] }) {
  if (req.query.id.length === 0) throw new AppError('BAD_REQUEST', NEED_IDS);
  const issues = await findIssues(actor.tenant.orgId, req.query.id, req.projectIds);
  if (issues.length > 0) await deleteIssues(actor, issues);
}

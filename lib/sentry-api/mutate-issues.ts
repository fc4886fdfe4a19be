// Sentry's issue changes (PUT and DELETE, one issue or many), made with the dashboard's own services, one project at
// a time: status through the status services (their activity and workflow events), the assignee through
// assignIssue, merge through mergeIssues, delete and discard through deleteIssue. The answer is Sentry's: what was
// changed, in its names.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { deleteIssue } from '@/lib/filters/project-filters';
import { assignIssue } from '@/lib/issues/assign-issue';
import { bulkUpdateIssues } from '@/lib/issues/bulk-update-issues';
import { mergeIssues } from '@/lib/issues/merge-issues';
import { updateIssueStatus } from '@/lib/issues/update-issue-status';
import { assertRole } from '@/lib/orgs/roles';
import type { OrgTenant, ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { FoundIssue } from './find-issues';
import type { ReadChanges, StatusChange } from './issue-changes';
import { loadSentryIssues } from './issue-attrs';
import { assignedToOf, statusDetailsOf, substatusOf } from './serialize-issue';

/** Who acts: the tenant, and the person whose marks (seen, bookmark) change: the signed-in one or the token's owner. */
export type Actor = { tenant: OrgTenant; personId: string | null };

/** Sentry changes at most this many issues found by a search in one request. */
export const BULK_MUTATION_LIMIT = 1000;

function byProject(issues: FoundIssue[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const i of issues) out.set(i.projectId, [...(out.get(i.projectId) ?? []), i.id]);
  return out;
}

const projectTenant = (t: OrgTenant, projectId: string): ProjectTenant => ({ ...t, projectId });

async function applyStatus(actor: Actor, issues: FoundIssue[], change: StatusChange, single: boolean) {
  // One by one where each issue needs its own reading (the latest release, an ignore baseline) or a single
  // issue's workflow event; otherwise one statement per project, as the dashboard's bulk change.
  if (single || change.resolveIn || change.ignore) {
    for (const i of issues)
      await updateIssueStatus({
        t: projectTenant(actor.tenant, i.projectId),
        issueId: i.id,
        status: change.status,
        resolveIn: change.resolveIn,
        ignore: change.ignore,
      });
    return;
  }
  for (const [projectId, ids] of byProject(issues))
    await bulkUpdateIssues(projectTenant(actor.tenant, projectId), { ids, status: change.status });
}

async function applyMarks(actor: Actor, issues: FoundIssue[], c: ReadChanges) {
  const personId = actor.personId;
  if (!personId)
    throw new AppError('BAD_REQUEST', 'hasSeen and isBookmarked are a person’s marks: no person acts here');
  const issueIds = issues.map((i) => i.id);
  if (c.hasSeen === true) {
    const now = clock.now();
    await db.$transaction(
      issueIds.map((issueId) =>
        db.issueSeen.upsert({
          where: { issueId_userId: { issueId, userId: personId } },
          create: { issueId, userId: personId, lastSeen: now },
          update: { lastSeen: now },
        }),
      ),
    );
  } else if (c.hasSeen === false)
    await db.issueSeen.deleteMany({ where: { userId: personId, issueId: { in: issueIds } } });
  if (c.isBookmarked === true)
    await db.issueBookmark.createMany({
      data: issueIds.map((issueId) => ({ issueId, userId: personId })),
      skipDuplicates: true,
    });
  else if (c.isBookmarked === false)
    await db.issueBookmark.deleteMany({ where: { userId: personId, issueId: { in: issueIds } } });
}

async function merge(actor: Actor, issues: FoundIssue[]) {
  const projects = byProject(issues);
  if (projects.size > 1) throw new AppError('BAD_REQUEST', 'Merging across multiple projects is not supported');
  if (issues.length < 2) throw new AppError('BAD_REQUEST', 'Merge needs at least two issues');
  const [projectId] = projects.keys();
  const { issue, merged } = await mergeIssues(projectTenant(actor.tenant, projectId), { ids: issues.map((i) => i.id) });
  const number = (id: string) => String(issues.find((i) => i.id === id)!.number);
  return { merge: { parent: number(issue.id), children: merged.map(number) } };
}

/** Deletes the issues (and with `discard`, drops their later events), ADMIN and above, as the dashboard. */
export async function deleteIssues(actor: Actor, issues: FoundIssue[], discard = false) {
  assertRole(actor.tenant.role, 'ADMIN');
  for (const i of issues)
    await deleteIssue(projectTenant(actor.tenant, i.projectId), i.id, { discard, userId: actor.tenant.userId });
}

/**
 * Makes the changes to the issues and answers what Sentry answers: the changed fields (status and its details,
 * assignee, marks) as they now are, or the merge. Null when there was nothing to answer with (a discard).
 */
export async function mutateIssues(actor: Actor, issues: FoundIssue[], c: ReadChanges & { single?: boolean }) {
  if (c.discard) {
    await deleteIssues(actor, issues, true);
    return null;
  }
  if (c.merge) return merge(actor, issues);
  if (c.status) await applyStatus(actor, issues, c.status, c.single ?? false);
  if (c.assignee) for (const i of issues) await assignIssue(projectTenant(actor.tenant, i.projectId), i.id, c.assignee);
  if (c.hasSeen !== null || c.isBookmarked !== null) await applyMarks(actor, issues, c);
  // What the first issue now is, as Sentry answers for the whole selection.
  const [first] = await loadSentryIssues([issues[0].id], { orgId: actor.tenant.orgId, userId: actor.personId });
  const out: Record<string, unknown> = {};
  if (c.status && first) {
    out.status = first.row.status.toLowerCase();
    out.statusDetails = statusDetailsOf(first.row);
    out.substatus = substatusOf(first.row, clock.nowMs());
  }
  if (c.assignee && first) out.assignedTo = assignedToOf(first.row);
  if (c.hasSeen !== null) out.hasSeen = c.hasSeen;
  if (c.isBookmarked !== null) out.isBookmarked = c.isBookmarked;
  return out;
}

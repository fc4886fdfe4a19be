import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { serializeEvent } from '@/lib/events/serialize';
import { issueReleases } from '@/lib/releases/get-release';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';

export const ISSUE_DETAIL_EVENTS = 10;

/** The issue with its 10 most recent events; 404 unless it is in this project of this organization. */
export async function getIssue(orgId: string, projectId: string, issueId: string, expandAssignee = false) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    include: { ...withAssignee, events: { orderBy: [{ timestamp: 'desc' }, { id: 'desc' }], take: ISSUE_DETAIL_EVENTS } },
  });
  if (!issue) throw notFound('Issue');
  const releases = await issueReleases(issue.id);
  return { ...(expandAssignee ? serializeIssueWithAssignee : serializeIssue)(issue), ...releases, events: issue.events.map(serializeEvent) };
}

import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { eventsPage } from '@/lib/events/list-events';
import { serializeEvent } from '@/lib/events/serialize';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';

export const ISSUE_DETAIL_EVENTS = 10;

/** The issue with its 10 most recent events and its distinct users; 404 unless it is in this project of this organization. */
export async function getIssue(orgId: string, projectId: string, issueId: string, expandAssignee = false) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    include: { ...withAssignee, userCount: { select: { users: true } } },
  });
  if (!issue) throw notFound('Issue');
  const events = await eventsPage(issue.id, 0, ISSUE_DETAIL_EVENTS);
  return { ...(expandAssignee ? serializeIssueWithAssignee : serializeIssue)(issue), users: issue.userCount?.users ?? 0, events: events.map(serializeEvent) };
}

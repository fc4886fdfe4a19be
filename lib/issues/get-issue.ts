import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { eventsPage } from '@/lib/events/list-events';
import { serializeEvent } from '@/lib/events/serialize';
import { issueReleases } from '@/lib/releases/get-release';
import { serializeIssue, serializeIssueWithAssignee, withAssignee } from './serialize';
import { describeCondition } from './ignore-conditions';

export const ISSUE_DETAIL_EVENTS = 10;

/** The issue with its 10 most recent events and its distinct users; 404 unless it is in this project of this organization. */
export async function getIssue({
  orgId,
  projectId,
  issueId,
  expandAssignee = false,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
  expandAssignee?: boolean;
}) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    include: { ...withAssignee, userCount: { select: { users: true } } },
  });
  if (!issue) throw notFound('Issue');
  const [events, releases] = await Promise.all([eventsPage(issue.id, 0, ISSUE_DETAIL_EVENTS), issueReleases(issue.id)]);
  return {
    ...(expandAssignee ? serializeIssueWithAssignee : serializeIssue)(issue),
    users: issue.userCount?.users ?? 0,
    // Ignored until a condition (null: ignored for good, or not ignored).
    ignoreCondition: issue.status === 'IGNORED' ? describeCondition(issue) : null,
    ...releases,
    events: events.map(serializeEvent),
  };
}

import type { IssueStatusValue, LevelValue } from '@/lib/zod/issues';
import { issueTypeOf } from '@/lib/performance-issues/types';

type IssueRow = {
  id: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  status: IssueStatusValue;
  level: LevelValue;
  eventCount: number;
  firstSeen: Date;
  lastSeen: Date;
  createdAt: Date;
  updatedAt: Date;
  regressedAt: Date | null;
  resolvedIn: string | null;
  assignee?: { id: string; name: string; email: string } | null;
  assignedTeam?: { id: string; name: string; slug: string } | null;
};

export function serializeIssue(i: IssueRow) {
  return {
    id: i.id,
    projectId: i.projectId,
    fingerprint: i.fingerprint,
    // Beside the spec's fields: `error`, or the performance issue's type (#62: performance_n_plus_one_db_queries…).
    type: issueTypeOf(i.fingerprint),
    title: i.title,
    culprit: i.culprit,
    status: i.status,
    level: i.level,
    eventCount: i.eventCount,
    firstSeen: i.firstSeen.toISOString(),
    lastSeen: i.lastSeen.toISOString(),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    // Beside the spec's fields: reopened by an event since it was last resolved, and "resolve in next release".
    regressed: i.regressedAt !== null,
    regressedAt: i.regressedAt?.toISOString() ?? null,
    resolvedInRelease: i.resolvedIn,
  };
}

/** The spec's issue plus `assignee`, for callers that ask for it (`expand=assignee`); the spec's shape stays as it is. */
export function serializeIssueWithAssignee(i: IssueRow) {
  return {
    ...serializeIssue(i),
    assignee: i.assignee ? { id: i.assignee.id, name: i.assignee.name, email: i.assignee.email } : null,
    // Or a team of the organization (#49): at most one of the two is set.
    assignedTeam: i.assignedTeam
      ? { id: i.assignedTeam.id, name: i.assignedTeam.name, slug: i.assignedTeam.slug }
      : null,
  };
}

export const withAssignee = {
  assignee: { select: { id: true, name: true, email: true } },
  assignedTeam: { select: { id: true, name: true, slug: true } },
} as const;

export type SerializedIssue = ReturnType<typeof serializeIssue>;

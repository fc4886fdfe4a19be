// An issue as Sentry's API shows it (GroupSerializer, StreamGroupSerializer): numeric `id` and `shortId`, lower-case
// `status` and `level`, `count` as a string, `assignedTo` as an actor. Pure, so the MCP server's tools show the same.
import { env } from '@/lib/env';
import type { Issue } from '@/lib/generated/prisma/client';
import type { LevelValue } from '@/lib/zod/issues';
import { shortIdOf } from './ids';
import { issueTypeOf } from '@/lib/performance-issues/types';

export type SentryIssueRow = Pick<
  Issue,
  | 'id'
  | 'number'
  | 'projectId'
  | 'title'
  | 'culprit'
  | 'status'
  | 'level'
  | 'eventCount'
  | 'firstSeen'
  | 'lastSeen'
  | 'regressedAt'
  | 'resolvedIn'
  | 'ignoreUntil'
  | 'ignoreCount'
  | 'ignoreWindowMinutes'
  | 'ignoreUsers'
  | 'fingerprint'
> & {
  project: { number: number; slug: string; name: string; platform: string };
  assignee: { id: string; name: string; email: string } | null;
  assignedTeam: { id: string; name: string; slug: string } | null;
};

/** What the issue row does not hold: from rollups and the caller's own marks. */
export type IssueAttrs = {
  userCount: number;
  numComments: number;
  isBookmarked: boolean;
  hasSeen: boolean;
};

/** The Prisma `select` that reads a SentryIssueRow. */
export const sentryIssueSelect = {
  id: true,
  number: true,
  projectId: true,
  title: true,
  culprit: true,
  status: true,
  level: true,
  eventCount: true,
  firstSeen: true,
  lastSeen: true,
  regressedAt: true,
  resolvedIn: true,
  ignoreUntil: true,
  ignoreCount: true,
  ignoreWindowMinutes: true,
  ignoreUsers: true,
  fingerprint: true,
  project: { select: { number: true, slug: true, name: true, platform: true } },
  assignee: { select: { id: true, name: true, email: true } },
  assignedTeam: { select: { id: true, name: true, slug: true } },
} as const;

/** How long Sentry calls an unresolved issue new. */
const NEW_FOR_MS = 7 * 24 * 3_600_000;
const PRIORITY: Record<LevelValue, string> = {
  FATAL: 'high',
  ERROR: 'high',
  WARNING: 'medium',
  INFO: 'low',
  DEBUG: 'low',
};

/** The dashboard's page of the issue. */
export const issuePermalink = (i: { id: string; projectId: string }) =>
  `${env.appUrl}/projects/${i.projectId}/issues/${i.id}`;

export function statusDetailsOf(i: SentryIssueRow): Record<string, unknown> {
  if (i.status === 'RESOLVED') return i.resolvedIn ? { inNextRelease: true } : {};
  if (i.status !== 'IGNORED') return {};
  if (i.ignoreUntil) return { ignoreUntil: i.ignoreUntil.toISOString() };
  if (i.ignoreCount !== null) return { ignoreCount: i.ignoreCount, ignoreWindow: i.ignoreWindowMinutes };
  if (i.ignoreUsers !== null) return { ignoreUserCount: i.ignoreUsers, ignoreUserWindow: null };
  return {};
}

export function substatusOf(i: SentryIssueRow, nowMs: number): string | null {
  if (i.status === 'RESOLVED') return null;
  if (i.status === 'IGNORED')
    return Object.keys(statusDetailsOf(i)).length > 0 ? 'archived_until_condition_met' : 'archived_forever';
  if (i.regressedAt) return 'regressed';
  return nowMs - i.firstSeen.getTime() < NEW_FOR_MS ? 'new' : 'ongoing';
}

export function assignedToOf(i: Pick<SentryIssueRow, 'assignee' | 'assignedTeam'>) {
  if (i.assignee) return { type: 'user', id: i.assignee.id, name: i.assignee.name, email: i.assignee.email };
  if (i.assignedTeam) return { type: 'team', id: i.assignedTeam.id, name: i.assignedTeam.slug };
  return null;
}

/** The issue's fields every Sentry issue endpoint answers. `nowMs` decides whether it is still new. */
export function serializeSentryIssue(i: SentryIssueRow, attrs: IssueAttrs, nowMs: number) {
  return {
    id: String(i.number),
    shareId: null,
    shortId: shortIdOf(i.project.slug, i.number),
    title: i.title,
    culprit: i.culprit ?? '',
    permalink: issuePermalink(i),
    logger: null,
    level: i.level.toLowerCase(),
    status: i.status.toLowerCase(),
    statusDetails: statusDetailsOf(i),
    substatus: substatusOf(i, nowMs),
    isPublic: false,
    platform: i.project.platform,
    priority: PRIORITY[i.level],
    priorityLockedAt: null,
    project: { id: String(i.project.number), name: i.project.name, slug: i.project.slug, platform: i.project.platform },
    type: issueTypeOf(i.fingerprint) === 'error' ? 'error' : 'transaction',
    // A performance issue (#62) in Sentry's words: its category and its type (performance_n_plus_one_db_queries…).
    issueType: issueTypeOf(i.fingerprint),
    issueCategory: issueTypeOf(i.fingerprint) === 'error' ? 'error' : 'performance',
    metadata: { title: i.title },
    numComments: attrs.numComments,
    assignedTo: assignedToOf(i),
    isBookmarked: attrs.isBookmarked,
    isSubscribed: false,
    subscriptionDetails: null,
    hasSeen: attrs.hasSeen,
    annotations: [],
    isUnhandled: false,
    count: String(i.eventCount),
    userCount: attrs.userCount,
    firstSeen: i.firstSeen.toISOString(),
    lastSeen: i.lastSeen.toISOString(),
  };
}

export type SentryIssue = ReturnType<typeof serializeSentryIssue>;

// What a Sentry issue PUT asks for, read into our terms before anything changes, so a request with one bad part
// changes nothing: the status (with "resolve in next release" and the ignore conditions), the assignee, and the
// caller's own seen and bookmark marks.
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { IgnoreCondition, IssueStatusValue, ResolveIn } from '@/lib/zod/issues';
import type { SentryIssueChanges } from '@/lib/zod/sentry-api';

export type StatusChange = { status: IssueStatusValue; resolveIn?: ResolveIn; ignore?: IgnoreCondition };
export type AssigneeChange = { kind: 'user'; id: string | null } | { kind: 'team'; id: string };
export type ReadChanges = {
  status: StatusChange | null;
  assignee: AssigneeChange | null;
  hasSeen: boolean | null;
  isBookmarked: boolean | null;
  merge: boolean;
  discard: boolean;
};

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

/** Fields of Sentry's PUT our model has nothing for: refused by name rather than dropped. */
const UNSUPPORTED = ['isPublic', 'isSubscribed', 'priority', 'inbox'] as const;

function ignoreOf(c: SentryIssueChanges): IgnoreCondition | undefined {
  const d = c.statusDetails ?? {};
  if (d.ignoreUserWindow != null)
    throw refuse('statusDetails.ignoreUserWindow is not supported: ignore until a number of users in total');
  const minutes = d.ignoreDuration ?? c.ignoreDuration ?? c.snoozeDuration ?? undefined;
  const set = [minutes, d.ignoreCount, d.ignoreUserCount].filter((v) => v != null).length;
  if (set > 1) throw refuse('Give one of ignoreDuration, ignoreCount or ignoreUserCount');
  if (d.ignoreWindow != null && d.ignoreCount == null) throw refuse('statusDetails.ignoreWindow goes with ignoreCount');
  if (minutes != null) return { minutes };
  if (d.ignoreCount != null) return { count: d.ignoreCount, windowMinutes: d.ignoreWindow ?? undefined };
  if (d.ignoreUserCount != null) return { users: d.ignoreUserCount };
  return undefined;
}

function statusOf(c: SentryIssueChanges): StatusChange | null {
  const d = c.statusDetails ?? {};
  if (d.inRelease !== undefined) throw refuse('statusDetails.inRelease is not supported: use inNextRelease');
  if (d.inCommit !== undefined) throw refuse('statusDetails.inCommit is not supported: use inNextRelease');
  const ignoring = c.status === 'ignored' || c.status === 'muted';
  if (!ignoring && (c.ignoreDuration ?? c.snoozeDuration) != null)
    throw refuse('ignoreDuration and snoozeDuration go with status ignored');
  switch (c.status) {
    case undefined:
      if (c.substatus || c.statusDetails) throw refuse('substatus and statusDetails go with a status');
      return null;
    case 'reprocessing':
      throw refuse('Reprocessing is not supported');
    case 'resolvedInNextRelease':
      return { status: 'RESOLVED', resolveIn: 'nextRelease' };
    case 'resolved':
      return d.inNextRelease ? { status: 'RESOLVED', resolveIn: 'nextRelease' } : { status: 'RESOLVED' };
    case 'unresolved':
      return { status: 'UNRESOLVED' };
    case 'ignored':
    case 'muted': {
      const ignore = ignoreOf(c);
      // Sentry's "until escalating" has no equivalent here: the issue stays ignored until someone reopens it.
      return ignore ? { status: 'IGNORED', ignore } : { status: 'IGNORED' };
    }
  }
}

/**
 * Sentry's `assignedTo`: `user:<id>`, `team:<id>`, a member's email or user id, or empty/null to unassign.
 * A user or team outside the organization is refused when assigned (lib/issues/assign-issue.ts).
 */
async function assigneeOf(orgId: string, value: string | null | undefined): Promise<AssigneeChange | null> {
  if (value === undefined) return null;
  if (value === null || value === '') return { kind: 'user', id: null };
  const m = /^(user|team):(.+)$/.exec(value);
  if (m?.[1] === 'team') return { kind: 'team', id: m[2] };
  const who = m ? m[2] : value;
  const member = await db.membership.findFirst({
    where: { orgId, user: who.includes('@') ? { email: who.toLowerCase() } : { id: who } },
    select: { userId: true },
  });
  if (!member) throw refuse(`Unable to resolve actor identifier: ${value} is not a member of this organization`);
  return { kind: 'user', id: member.userId };
}

export async function readChanges(orgId: string, c: SentryIssueChanges): Promise<ReadChanges> {
  for (const field of UNSUPPORTED)
    if (c[field] !== undefined) throw refuse(`${field} is not supported by this server (docs/api-compat.md)`);
  const out: ReadChanges = {
    status: statusOf(c),
    assignee: await assigneeOf(orgId, c.assignedTo),
    hasSeen: c.hasSeen ?? null,
    isBookmarked: c.isBookmarked ?? null,
    merge: c.merge === true,
    discard: c.discard === true,
  };
  const changes = [out.status, out.assignee, out.hasSeen, out.isBookmarked].filter((v) => v !== null).length;
  if ((out.merge || out.discard) && changes > 0) throw refuse('merge and discard go alone');
  if (out.merge && out.discard) throw refuse('merge and discard go alone');
  if (changes === 0 && !out.merge && !out.discard)
    throw refuse('Nothing to change: give status, assignedTo, hasSeen or isBookmarked');
  return out;
}

// A button pressed on a Slack alert (#64): the request is signed (lib/integrations/slack/http.ts checked it); its
// team names the integration (an unknown team: 404), the button's value the issue, which must be that
// integration's organization's (another's: 404, nothing changed). The Slack user's linked member acts: Resolve
// (or Unresolve), Ignore (or Stop ignoring), Assign to me, in the issue's activity as them; the message is then
// updated through the job queue. An unlinked user is answered, only for them, with a link to link their account.
import { db } from '@/lib/db';
import { AppError, notFound } from '@/lib/errors';
import { assignIssue } from '@/lib/issues/assign-issue';
import { updateIssueStatus } from '@/lib/issues/update-issue-status';
import type { IntegrationRow } from '../connections';
import { enqueueTicketJobs, wakeTicketWorkers } from '../deliveries';
import { SLACK_ACTIONS } from '../providers/slack/messages';
import { isRecord } from '../signatures';
import type { SlackAnswer } from './http';
import { linkedMember, slackLinkUrl } from './link';

const rowSelect = { id: true, orgId: true, provider: true, name: true, config: true, secrets: true, keyId: true };

/** The organization's Slack integration installed in this workspace, or null. */
export async function slackIntegrationOfTeam(teamId: unknown): Promise<IntegrationRow | null> {
  if (typeof teamId !== 'string' || !teamId || teamId.length > 40) return null;
  return db.integration.findFirst({
    where: { provider: 'slack', config: { path: ['teamId'], equals: teamId } },
    select: rowSelect,
  });
}

function payloadOf(body: Buffer): Record<string, unknown> {
  const raw = new URLSearchParams(body.toString('utf8')).get('payload');
  let payload: unknown;
  try {
    payload = raw ? JSON.parse(raw) : null;
  } catch {
    payload = null;
  }
  if (!isRecord(payload)) throw new AppError('BAD_REQUEST', 'Malformed interaction payload');
  return payload;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const field = (o: unknown, k: string) => (isRecord(o) ? o[k] : undefined);

export async function receiveInteraction(body: Buffer): Promise<SlackAnswer> {
  const payload = payloadOf(body);
  if (payload.type !== 'block_actions') return { message: `Ignored: ${String(payload.type)}` };
  const row = await slackIntegrationOfTeam(field(payload.team, 'id'));
  if (!row) throw new AppError('NOT_FOUND', 'Integration not found');
  const action = Array.isArray(payload.actions) ? payload.actions[0] : undefined;
  const actionId = str(field(action, 'action_id'));
  const issueId = str(field(action, 'value'));
  if (!actionId || !issueId || !Object.values(SLACK_ACTIONS).includes(actionId as never))
    return { message: 'Ignored: not one of our buttons' };
  const issue =
    issueId.length <= 100
      ? await db.issue.findFirst({
          where: { id: issueId, project: { orgId: row.orgId } },
          select: { id: true, projectId: true, status: true },
        })
      : null;
  if (!issue) throw notFound('Issue');
  const slackUser = str(field(payload.user, 'id'));
  const channel = str(field(payload.channel, 'id')) ?? str(field(payload.container, 'channel_id'));
  const ts = str(field(payload.message, 'ts')) ?? str(field(payload.container, 'message_ts'));
  if (!slackUser) throw new AppError('BAD_REQUEST', 'Malformed interaction payload');
  const member = await linkedMember(row.id, row.orgId, slackUser);
  const job = { integrationId: row.id, issueId: issue.id, linkId: null, attempt: 0 } as const;
  if (!member) {
    const text = `Link your Slack account to act on issues: <${slackLinkUrl(row.id, slackUser)}|link your account> (the link works for 15 minutes).`;
    await enqueueTicketJobs([{ ...job, action: 'slack_ephemeral', slack: { channel, user: slackUser, text } }]);
    wakeTicketWorkers();
    return { message: 'Link your Slack account first' };
  }
  const t = { orgId: row.orgId, projectId: issue.projectId, userId: member.userId, role: member.role };
  let done: string;
  if (actionId === SLACK_ACTIONS.assign) {
    await assignIssue(t, issue.id, { kind: 'user', id: member.userId });
    done = `Assigned to ${member.name}`;
  } else {
    const target = actionId === SLACK_ACTIONS.resolve ? 'RESOLVED' : 'IGNORED';
    const status = issue.status === target ? 'UNRESOLVED' : target;
    await updateIssueStatus({ t, issueId: issue.id, status });
    done = `${status === 'RESOLVED' ? 'Resolved' : status === 'IGNORED' ? 'Ignored' : 'Unresolved'} by ${member.name}`;
  }
  if (channel && ts) {
    await enqueueTicketJobs([{ ...job, action: 'slack_update', slack: { channel, ts, text: done } }]);
    wakeTicketWorkers();
  }
  return { message: done };
}

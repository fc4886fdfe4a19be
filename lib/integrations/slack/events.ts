// Slack's Events API (#64): the url_verification challenge answered, and `link_shared` (an issue link posted in a
// workspace that has the app) unfurled with chat.unfurl through the job queue. Only links to issues of the
// workspace's organization are unfurled; an unknown team is 404.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { enqueueTicketJobs, wakeTicketWorkers } from '../deliveries';
import { isRecord, jsonObject } from '../signatures';
import type { SlackAnswer } from './http';
import { slackIntegrationOfTeam } from './interactions';

const MAX_LINKS = 5;

/** The project and issue ids of one of our issue URLs, or null. */
export function issueOfUrl(url: string): { projectId: string; issueId: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== new URL(env.appUrl).origin) return null;
  const m = /^\/projects\/([^/]+)\/issues\/([^/]+)\/?$/.exec(u.pathname);
  return m ? { projectId: decodeURIComponent(m[1]), issueId: decodeURIComponent(m[2]) } : null;
}

export async function receiveEvent(body: Buffer): Promise<SlackAnswer> {
  let payload: Record<string, unknown>;
  try {
    payload = jsonObject(body);
  } catch {
    throw new AppError('BAD_REQUEST', 'Malformed event body');
  }
  if (payload.type === 'url_verification')
    return { message: 'challenge', json: { challenge: String(payload.challenge ?? '') } };
  if (payload.type !== 'event_callback') return { message: `Ignored: ${String(payload.type)}` };
  const row = await slackIntegrationOfTeam(payload.team_id);
  if (!row) throw new AppError('NOT_FOUND', 'Integration not found');
  const event = payload.event;
  if (!isRecord(event) || event.type !== 'link_shared') return { message: 'Ignored: not link_shared' };
  const channel = typeof event.channel === 'string' ? event.channel : null;
  const ts = typeof event.message_ts === 'string' ? event.message_ts : null;
  const links = Array.isArray(event.links) ? event.links.slice(0, MAX_LINKS) : [];
  const wanted = links
    .map((l) => (isRecord(l) && typeof l.url === 'string' ? { url: l.url, ids: issueOfUrl(l.url) } : null))
    .filter((l) => l?.ids) as { url: string; ids: { projectId: string; issueId: string } }[];
  if (!channel || !ts || !wanted.length) return { message: 'Nothing to unfurl' };
  const issues = await db.issue.findMany({
    where: {
      id: { in: wanted.map((w) => w.ids.issueId).filter((id) => id.length <= 100) },
      project: { orgId: row.orgId },
    },
    select: { id: true, projectId: true },
  });
  const jobs = wanted.flatMap((w) =>
    issues.some((i) => i.id === w.ids.issueId && i.projectId === w.ids.projectId)
      ? [
          {
            action: 'slack_unfurl' as const,
            integrationId: row.id,
            issueId: w.ids.issueId,
            linkId: null,
            slack: { channel, unfurlTs: ts, url: w.url },
            attempt: 0,
          },
        ]
      : [],
  );
  await enqueueTicketJobs(jobs);
  if (jobs.length) wakeTicketWorkers();
  return { message: `Unfurling ${jobs.length}` };
}

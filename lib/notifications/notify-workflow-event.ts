// The workflow handler that tells people (#49): each recipient whose setting is on gets the email, and each of the
// project's notification webhooks that lists the event gets one message. Listed last in lib/boot/workflow-handlers.ts.
import { db } from '@/lib/db';
import { logger } from '@/lib/log';
import { sendEmail } from '@/lib/email/send-email';
import { postWebhook } from '@/lib/alerts/deliver-webhook';
import { webhookPayload } from '@/lib/alerts/webhook-formats';
import type { WorkflowEvent, WorkflowHandler } from '@/lib/workflow/workflow-events';
import { notificationOf } from './content';
import { recipientsOf } from './recipients';
import { recipientsWithSetting } from './settings';

/** One per event: its queued id, or (for an event queued without one) what tells it apart. */
export function eventKey(e: WorkflowEvent): string {
  if (e.id) return e.id;
  const extra =
    e.type === 'COMMENTED' ? e.commentId : e.type === 'ASSIGNED' ? (e.assigneeUserId ?? e.assigneeTeamId) : '';
  return `${e.type}:${e.issueId}:${extra ?? ''}`;
}

/**
 * Sends at most once per event, channel and recipient: the delivery row is claimed first, and given back when the
 * send fails for a reason worth retrying.
 */
async function once(key: string, channel: 'email' | 'webhook', recipient: string, send: () => Promise<void>) {
  const claimed = await db.notificationDelivery.createMany({
    data: [{ eventKey: key, channel, recipient }],
    skipDuplicates: true,
  });
  if (!claimed.count) return;
  try {
    await send();
  } catch (err) {
    await db.notificationDelivery.deleteMany({ where: { eventKey: key, channel, recipient } });
    throw err;
  }
}

export async function notifyWorkflowEvent(event: WorkflowEvent): Promise<void> {
  const issue = await db.issue.findFirst({
    where: { id: event.issueId, projectId: event.projectId },
    select: {
      id: true,
      projectId: true,
      title: true,
      culprit: true,
      level: true,
      status: true,
      project: { select: { name: true, orgId: true } },
    },
  });
  if (!issue) return;
  const note = await notificationOf(event, { ...issue, projectName: issue.project.name });
  if (!note) return;
  const key = eventKey(event);
  const [people, hooks] = await Promise.all([
    recipientsOf(event, issue.project.orgId),
    db.projectNotificationWebhook.findMany({ where: { projectId: issue.projectId, events: { has: event.type } } }),
  ]);
  const emailed = new Set(
    await recipientsWithSetting({
      userIds: people.map((p) => p.id),
      projectId: issue.projectId,
      event: event.type,
      channel: 'email',
    }),
  );
  const failures: unknown[] = [];
  const attempt = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      failures.push(err);
    }
  };
  for (const person of people.filter((p) => emailed.has(p.id))) {
    await attempt(() => once(key, 'email', person.id, () => sendEmail({ to: person.email, ...note.email })));
  }
  for (const hook of hooks) {
    await attempt(() =>
      once(key, 'webhook', hook.id, async () => {
        const result = await postWebhook(hook.url, webhookPayload(hook.format, note.webhook), hook.secret);
        if (result.success) return;
        // Worth a retry: the job fails and pg-boss runs it again (what was sent stays sent).
        if (result.retryable) throw new Error(`Webhook ${hook.id}: ${result.error}`);
        // A refused target or a 4xx will not change on a retry: logged, and counted as done.
        logger.warn({ hookId: hook.id, error: result.error }, '[notifications] webhook refused');
      }),
    );
  }
  if (failures.length) {
    logger.error(
      { err: failures[0], event: `${event.type} ${event.issueId}`, failures: failures.length },
      '[notifications] sends failed',
    );
    throw failures[0];
  }
}

export const notificationsHandler: WorkflowHandler = {
  name: 'notifications',
  on: ['NEW_ISSUE', 'REGRESSED', 'ASSIGNED', 'COMMENTED', 'RESOLVED'],
  run: notifyWorkflowEvent,
};

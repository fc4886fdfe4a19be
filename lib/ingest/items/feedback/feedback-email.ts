// The optional email on new feedback (#33): when the project's `notifyFeedback` setting is on, every member of its
// organization is told of each new piece of feedback, at most 20 pieces a project an hour. Sent after the answer, never slowing ingest; a failure is
// logged (the feedback is stored either way).
import { createElement } from 'react';
import { db } from '@/lib/db';
import { sendEmail } from '@/lib/email/send-email';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import FeedbackEmail from '@/emails/feedback-email';
import { hitThrottle } from '@/lib/auth/throttle';

/** At most this many emails per batch of feedback, and this many pieces of feedback mailed per project an hour
 * (across instances): feedback comes in with the public DSN, so a flood of it must not be a flood of mail. */
const MAX_EMAILS = 50;
const MAX_NOTIFIED_PER_HOUR = 20;

export function notifyNewFeedback(projectId: string, feedbackIds: string[]): void {
  void send(projectId, feedbackIds).catch((err) => logger.error({ err, projectId }, 'feedback email failed'));
}

async function send(projectId: string, feedbackIds: string[]): Promise<void> {
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { name: true, notifyFeedback: true, orgId: true },
  });
  if (!project?.notifyFeedback) return;
  const [members, feedback] = await Promise.all([
    db.membership.findMany({ where: { orgId: project.orgId }, select: { user: { select: { email: true } } } }),
    db.feedback.findMany({
      where: { id: { in: feedbackIds } },
      select: { id: true, message: true, name: true, email: true, url: true },
    }),
  ]);
  let sent = 0;
  for (const f of feedback) {
    const { allowed } = await hitThrottle([
      { key: `feedback-mail:${projectId}`, limit: MAX_NOTIFIED_PER_HOUR, windowMs: 3_600_000 },
    ]);
    if (!allowed) {
      logger.info({ projectId }, 'feedback email skipped: more than 20 an hour for this project');
      return;
    }
    const props = {
      projectName: project.name,
      message: f.message,
      from: f.name ?? f.email,
      url: f.url,
      feedbackUrl: `${env.appUrl}/projects/${encodeURIComponent(projectId)}/feedback?id=${encodeURIComponent(f.id)}`,
    };
    for (const m of members) {
      if (sent++ >= MAX_EMAILS) return;
      await sendEmail({
        to: m.user.email,
        subject: `[${project.name}] New feedback: ${f.message.slice(0, 80)}`,
        template: 'feedback',
        data: props,
        element: createElement(FeedbackEmail, props),
      });
    }
  }
}

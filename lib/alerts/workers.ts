import { createElement } from 'react';
import { countDelivery } from '@/lib/metrics/metrics';
import { db } from '@/lib/db';
import { withPgTransaction } from '@/lib/pg';
import { sendEmail } from '@/lib/email/send-email';
import { getBoss, jobDb } from '@/lib/jobs/boss';
import { QUEUES, type QueueName } from '@/lib/jobs/queues';
import NewIssueEmail from '@/emails/new-issue-email';
import ErrorRateEmail from '@/emails/error-rate-email';
import CrashFreeEmail from '@/emails/crash-free-email';
import MonitorEmail from '@/emails/monitor-email';
import RegressionEmail from '@/emails/regression-email';
import MetricAlertEmail from '@/emails/metric-alert-email';
import { postWebhook, type DeliveryResult } from './deliver-webhook';
import { retryDelaysMs, type EmailJob, type WebhookJob } from './delivery-jobs';
import type { EmailContent } from './payloads';

export async function deliverWebhookJob(job: WebhookJob): Promise<void> {
  const rule = await db.alertRule.findUnique({ where: { id: job.ruleId }, select: { webhookSecret: true } });
  // A deleted rule took its log with it: nothing to deliver or record.
  if (!rule) return;
  const result = await postWebhook(job.url, job.body, rule.webhookSecret);
  await recordAttempt(QUEUES.alertWebhook, job, 'webhook', job.url, result);
}

export async function deliverEmailJob(job: EmailJob): Promise<void> {
  const rule = await db.alertRule.findUnique({ where: { id: job.ruleId }, select: { id: true } });
  if (!rule) return;
  let result: DeliveryResult;
  try {
    await sendEmail({
      to: job.to,
      subject: job.email.subject,
      template: job.email.template,
      data: job.email.props,
      element: emailElement(job.email),
    });
    result = { success: true };
  } catch (err) {
    result = {
      success: false,
      error: `Email not sent: ${err instanceof Error ? err.message : String(err)}`,
      retryable: true,
    };
  }
  await recordAttempt(QUEUES.alertEmail, job, 'email', job.to, result);
}

function emailElement(email: EmailContent) {
  switch (email.template) {
    case 'new-issue':
      return createElement(NewIssueEmail, email.props);
    case 'regression':
      return createElement(RegressionEmail, email.props);
    case 'error-rate':
      return createElement(ErrorRateEmail, email.props);
    case 'crash-free':
      return createElement(CrashFreeEmail, email.props);
    case 'monitor':
      return createElement(MonitorEmail, email.props);
    case 'metric-alert':
      return createElement(MetricAlertEmail, email.props);
  }
}

/** Writes the attempt's log row and, when the failure is retryable and retries remain, the next attempt's job, atomically. */
async function recordAttempt<T extends WebhookJob | EmailJob>(
  queue: QueueName,
  job: T,
  channel: 'webhook' | 'email',
  target: string,
  result: DeliveryResult,
): Promise<void> {
  countDelivery(channel, result.success);
  const delays = retryDelaysMs();
  const retryIn = !result.success && result.retryable && job.attempt < delays.length ? delays[job.attempt] : null;
  const boss = retryIn !== null ? await getBoss() : null;
  await withPgTransaction(async (client) => {
    const inserted = await client.query(
      `INSERT INTO alert_logs (rule_id, channel, target, success, error, triggered_at)
       SELECT id, $2, $3, $4, $5, $6 FROM alert_rules WHERE id = $1`,
      [job.ruleId, channel, target, result.success, result.success ? null : result.error, new Date(job.triggeredAt)],
    );
    if (boss && retryIn !== null && inserted.rowCount) {
      const startAfter = new Date(Date.now() + retryIn).toISOString();
      await boss.insert([{ name: queue, data: { ...job, attempt: job.attempt + 1 }, startAfter }], {
        db: jobDb(client),
      });
    }
  });
}

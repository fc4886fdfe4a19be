import type { WebhookFormat } from '@/lib/zod/alerts';
import type { EmailContent, WebhookBody } from './payloads';
import { webhookPayload } from './webhook-formats';
import { parseRetryDelays } from '@/lib/jobs/retry-delays';
import { QUEUES } from '@/lib/jobs/queues';

/** One delivery attempt; a failed attempt that may be retried enqueues the next one with attempt + 1. */
export type WebhookJob = { ruleId: string; url: string; body: string; triggeredAt: string; attempt: number };
export type EmailJob = { ruleId: string; to: string; email: EmailContent; triggeredAt: string; attempt: number };

/** What a firing rule is delivered to. */
export type DeliveryRule = {
  id: string;
  notify_email: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
};

/** One firing's first attempts: the webhook in the rule's format and the email, for the targets the rule has. */
export function deliveriesOf({
  rule,
  body,
  email,
  triggeredAt,
}: {
  rule: DeliveryRule;
  body: WebhookBody;
  email: EmailContent;
  triggeredAt: string;
}): { webhook: WebhookJob | null; email: EmailJob | null } {
  return {
    webhook: rule.webhook_url
      ? {
          ruleId: rule.id,
          url: rule.webhook_url,
          body: webhookPayload(rule.webhook_format, body),
          triggeredAt,
          attempt: 0,
        }
      : null,
    email: rule.notify_email ? { ruleId: rule.id, to: rule.notify_email, email, triggeredAt, attempt: 0 } : null,
  };
}

/** The queue jobs of one firing's deliveries, for `boss.insert` in the transaction that claimed it. */
export function deliveryQueueJobs(d: ReturnType<typeof deliveriesOf>): { name: string; data: WebhookJob | EmailJob }[] {
  const jobs: { name: string; data: WebhookJob | EmailJob }[] = [];
  if (d.webhook) jobs.push({ name: QUEUES.alertWebhook, data: d.webhook });
  if (d.email) jobs.push({ name: QUEUES.alertEmail, data: d.email });
  return jobs;
}

/** Delays before each retry; ALERT_RETRY_DELAYS_MS="50,100,150" shortens them (tests). */
export function retryDelaysMs(): number[] {
  return parseRetryDelays(process.env.ALERT_RETRY_DELAYS_MS);
}

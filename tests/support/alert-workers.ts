import { afterAll, beforeAll } from 'vitest';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { stopJobs } from '@/lib/jobs/boss';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** The webhook and email delivery workers of the alerts. */
export async function startAlertWorkers(): Promise<void> {
  await startJob(QUEUES.alertWebhook);
  await startJob(QUEUES.alertEmail);
}

/**
 * For a test file that delivers alerts: runs the alert workers (short retry delays, fast polling) for the whole
 * file and returns `receiver`, which starts a webhook receiver on loopback that is closed after the file.
 */
export function useAlertWorkers() {
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    process.env.ALERT_RETRY_DELAYS_MS = '50,100,150';
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await startAlertWorkers();
  });
  afterAll(async () => {
    await stopJobs();
    await Promise.all(receivers.map((r) => r.close()));
  });
  return async function receiver(plan: number[] = []) {
    const r = await startWebhookReceiver(plan);
    receivers.push(r);
    return r;
  };
}

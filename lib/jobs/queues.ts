import type PgBoss from 'pg-boss';

/** Every queue the service uses, created when the job runner starts. */
export const QUEUES = {
  alertWebhook: 'alert-webhook',
  alertEmail: 'alert-email',
  retention: 'retention',
  partitions: 'partitions',
  passwordReset: 'password-reset',
  minute: 'minute',
  erasure: 'erasure',
  workflow: 'workflow',
  weeklyReport: 'weekly-report',
  integrationDelivery: 'integration-delivery',
  integrationReseal: 'integration-reseal',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

// Delivery attempts and their backoff are scheduled by the alert workers themselves (one job per
// attempt); pg-boss's own retries only cover a worker that crashed or threw before logging.
export const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  'alert-webhook': { retryLimit: 2, retryDelay: 5, expireInSeconds: 60, retentionMinutes: 60 * 24 * 7 },
  'alert-email': { retryLimit: 2, retryDelay: 5, expireInSeconds: 60, retentionMinutes: 60 * 24 * 7 },
  // One purge at a time, however many instances run; a long purge may take a while.
  retention: {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 600,
    expireInSeconds: 60 * 60,
    retentionMinutes: 60 * 24 * 7,
  },
  // Creating the days ahead; one run at a time, retried soon (a missing partition only sends rows to the default one).
  partitions: {
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
    retentionMinutes: 60 * 24,
  },
  // A reset email is worth a few quick retries (the mail transport may be down a moment); its link lasts an hour.
  'password-reset': { retryLimit: 3, retryDelay: 10, expireInSeconds: 60, retentionMinutes: 60 * 24 },
  // lib/boot/minute-job.ts: every minute, one at a time across instances; a missed minute is caught up by the next.
  minute: { policy: 'singleton', retryLimit: 0, expireInSeconds: 60, retentionMinutes: 60 },
  // lib/privacy/erasure-job.ts: one person's data, in batches; a retry carries on where the failed run stopped.
  erasure: { retryLimit: 2, retryDelay: 30, expireInSeconds: 4 * 60 * 60, retentionMinutes: 60 * 24 * 7 },
  // lib/workflow: an issue's new / assigned / commented / regressed / resolved event, through its handlers in order.
  workflow: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60, retentionMinutes: 60 * 24 },
  // lib/reports: Monday's run queues one job per project; a retry sends only to whom the failed run did not.
  // lib/integrations: one call to a provider per job (create, link, close or reopen a ticket); like alert deliveries,
  // a failed attempt schedules its own retry, so pg-boss retries only a worker that died mid-call.
  'integration-delivery': { retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60, retentionMinutes: 60 * 24 * 7 },
  // lib/integrations/reseal.ts at start: secrets sealed with a previous key, sealed again with the current one.
  'integration-reseal': {
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 10 * 60,
    retentionMinutes: 60 * 24,
  },
  'weekly-report': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    retentionMinutes: 60 * 24 * 7,
  },
};

// Every background job of the service in one list (STYLE 13, as documenso's job client): its queue, how many jobs a
// worker takes at once, its schedule, and its handler, loaded from its domain when the worker starts. Domains only
// enqueue (lib/jobs) and export what a job runs; nothing below lib/boot names this list.
import type PgBoss from 'pg-boss';
import { eachJob, getBoss, work } from '@/lib/jobs/boss';
import { QUEUES, type QueueName } from '@/lib/jobs/queues';

type JobDefinition = {
  queue: QueueName;
  /** Jobs a worker takes at once; a batch's jobs run side by side, each failing alone (pg-boss retries it). */
  batchSize: number;
  /** A cron expression (UTC): pg-boss keeps one schedule across instances. */
  cron?: () => string;
  /** Also queue one run at start (a server that was down must not wait for the next tick). */
  atStart?: boolean;
  handler: () => Promise<(data: never) => Promise<void>>;
};

export const JOBS: readonly JobDefinition[] = [
  {
    queue: QUEUES.alertWebhook,
    batchSize: 5,
    handler: async () => (await import('@/lib/alerts/workers')).deliverWebhookJob,
  },
  {
    queue: QUEUES.alertEmail,
    batchSize: 5,
    handler: async () => (await import('@/lib/alerts/workers')).deliverEmailJob,
  },
  {
    queue: QUEUES.passwordReset,
    batchSize: 1,
    handler: async () => (await import('@/lib/auth/password-reset')).sendPasswordReset,
  },
  {
    queue: QUEUES.retention,
    batchSize: 1,
    cron: () => process.env.RETENTION_CRON ?? '17 3 * * *', // Daily at 03:17 UTC by default.
    handler: async () => (await import('@/lib/retention/retention-job')).runRetention,
  },
  {
    queue: QUEUES.partitions,
    batchSize: 1,
    cron: () => '7 * * * *', // Hourly, so a day's partition exists a week before its first row.
    atStart: true,
    handler: async () => (await import('@/lib/retention/retention-job')).ensureRetainedPartitions,
  },
  {
    queue: QUEUES.minute,
    batchSize: 1,
    cron: () => '* * * * *',
    handler: async () => (await import('./minute-job')).runMinuteTasks,
  },
  {
    queue: QUEUES.erasure,
    batchSize: 1,
    handler: async () => {
      const { runErasure } = await import('@/lib/privacy/erasure-job');
      return (job: { erasureId: string }) => runErasure(job.erasureId);
    },
  },
  {
    queue: QUEUES.workflow,
    batchSize: 10,
    handler: async () => (await import('./workflow-handlers')).runWorkflowEvent,
  },
  {
    queue: QUEUES.integrationDelivery,
    batchSize: 5,
    handler: async () => (await import('@/lib/integrations/delivery-job')).runIntegrationJob,
  },
  {
    queue: QUEUES.integrationReseal,
    batchSize: 1,
    atStart: true,
    handler: async () => (await import('@/lib/integrations/reseal')).resealIntegrations,
  },
  {
    queue: QUEUES.weeklyReport,
    batchSize: 1,
    cron: () => '0 9 * * 1', // Mondays at 09:00 UTC: one job that queues one per project.
    handler: async () => (await import('@/lib/reports/weekly-report-job')).runWeeklyReportJob,
  },
];

/** Starts one queue's worker (and its schedule): what a test that needs only that queue calls. */
export async function startJob(queue: QueueName): Promise<void> {
  const job = JOBS.find((j) => j.queue === queue);
  if (!job) throw new Error(`no job is defined for the queue ${queue}`);
  const boss = await getBoss();
  if (job.cron) await boss.schedule(queue, job.cron(), {}, { tz: 'UTC' });
  const run = (await job.handler()) as (data: object) => Promise<void>;
  await work<object>(queue, { batchSize: job.batchSize }, (jobs: PgBoss.Job<object>[]) => eachJob(queue, jobs, run));
  if (job.atStart) await boss.send(queue, {});
}

/** Starts every worker and schedule. */
export async function startJobs(): Promise<void> {
  for (const job of JOBS) await startJob(job.queue);
}

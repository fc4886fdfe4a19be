import { clock } from '@/lib/clock';
import { getBoss, work } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { ensurePartitionsAhead } from './partitions';
import { purgeOldData, retentionDays } from './purge-old-data';
import { purgeExpiredAccounts } from './purge-expired-accounts';

// Daily at 03:17 UTC by default (RETENTION_CRON); pg-boss keeps one schedule across instances.
const DEFAULT_CRON = '17 3 * * *';
// Hourly, so a day's partition exists a week before its first row.
const PARTITIONS_CRON = '7 * * * *';

export async function startRetentionJob(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(QUEUES.retention, process.env.RETENTION_CRON ?? DEFAULT_CRON, {}, { tz: 'UTC' });
  await boss.schedule(QUEUES.partitions, PARTITIONS_CRON, {}, { tz: 'UTC' });
  await work(QUEUES.retention, { batchSize: 1 }, async () => {
    await purgeOldData();
    await purgeExpiredAccounts();
  });
  await work(QUEUES.partitions, { batchSize: 1 }, async () => {
    // Days still retained by some plan get their partition back if their rows sit in the default one.
    await ensurePartitionsAhead(clock.now(), Math.max(retentionDays('FREE'), retentionDays('PRO')));
  });
  // At start too: a server that was down for a week must not wait for the next hour.
  await boss.send(QUEUES.partitions, {});
}

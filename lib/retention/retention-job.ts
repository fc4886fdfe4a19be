import { getBoss, work } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { purgeOldData } from './purge-old-data';
import { purgeExpiredAccounts } from './purge-expired-accounts';

// Daily at 03:17 UTC by default (RETENTION_CRON); pg-boss keeps one schedule across instances.
const DEFAULT_CRON = '17 3 * * *';

export async function startRetentionJob(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(QUEUES.retention, process.env.RETENTION_CRON ?? DEFAULT_CRON, {}, { tz: 'UTC' });
  await work(QUEUES.retention, { batchSize: 1 }, async () => {
    await purgeOldData();
    await purgeExpiredAccounts();
  });
}

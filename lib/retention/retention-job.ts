import { clock } from '@/lib/clock';
import { ensurePartitionsAhead } from './partitions';
import { purgeOldData, retentionDays } from './purge-old-data';
import { purgeExpiredAccounts } from './purge-expired-accounts';

// The daily purge and the hourly partitions ahead, as lib/boot/jobs.ts schedules them.

/** The daily purge: rows past their plan's retention, then accounts whose deletion is due. */
export async function runRetention(): Promise<void> {
  await purgeOldData();
  await purgeExpiredAccounts();
}

/** Days still retained by some plan get their partition back if their rows sit in the default one. */
export async function ensureRetainedPartitions(): Promise<void> {
  await ensurePartitionsAhead(clock.now(), Math.max(retentionDays('FREE'), retentionDays('PRO')));
}

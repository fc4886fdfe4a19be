// The minute job: the periodic checks that must happen about once a minute, whichever instance runs them (pg-boss
// keeps one schedule across instances, and the singleton queue runs one at a time).
import { evaluateCrashFreeRules } from '@/lib/alerts/crash-free-rules';
import { reviveIgnoredIssues } from '@/lib/issues/ignore-conditions';
import { sweepMergedFingerprints } from '@/lib/issues/merge-issues';
import { detectMonitorFailures } from '@/lib/ingest/items/check-ins';
import { foldFunctionHours } from '@/lib/ingest/items/profiles';
import { runUptimeChecks } from '@/lib/monitors/uptime';
import { getBoss, work } from './boss';
import { QUEUES } from './queues';

export async function startMinuteJob(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(QUEUES.minute, '* * * * *', {}, { tz: 'UTC' });
  await work(QUEUES.minute, { batchSize: 1 }, async () => {
    // Ignored issues whose condition is met come back.
    await reviveIgnoredIssues();
    // Issues recreated under a merged fingerprint by a batch that had not seen the alias yet.
    await sweepMergedFingerprints();
    // Release health alerts (CRASH_FREE rules).
    await evaluateCrashFreeRules();
    // Cron monitors: missed runs and runs past their max runtime.
    await detectMonitorFailures();
    // Uptime checks that are due.
    await runUptimeChecks();
    // Profiles' function figures a stopped process stored but did not fold.
    await foldFunctionHours();
  });
}

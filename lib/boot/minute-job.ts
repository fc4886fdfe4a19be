// The minute job's tasks: the periodic checks that must happen about once a minute, whichever instance runs them
// (pg-boss keeps one schedule across instances, and the singleton queue runs one at a time). One line each, in the
// order they run; each is loaded from its domain.
/** Monitor failures found without a request, stored with the project's first enabled key. */
const failureEvents = async () => (await import('@/lib/ingest/items/check-ins')).failureEvents();

type MinuteTask = { name: string; run: () => Promise<unknown> };

export const MINUTE_TASKS: readonly MinuteTask[] = [
  // Ignored issues whose condition is met come back.
  {
    name: 'ignore conditions',
    run: async () => (await import('@/lib/issues/ignore-conditions')).reviveIgnoredIssues(),
  },
  // Issues recreated under a merged fingerprint by a batch that had not seen the alias yet.
  { name: 'merge sweep', run: async () => (await import('@/lib/issues/merge-issues')).sweepMergedFingerprints() },
  // Release health alerts (CRASH_FREE rules).
  {
    name: 'crash-free rules',
    run: async () => (await import('@/lib/alerts/crash-free-rules')).evaluateCrashFreeRules(),
  },
  // Metric alerts (#62): each METRIC rule's Explore query over its window, claimed once per minute.
  {
    name: 'metric alerts',
    run: async () => (await import('@/lib/alerts/evaluate-metric-alerts')).evaluateMetricAlerts(),
  },
  // Cron monitors: missed runs and runs past their max runtime (their failures stored through the events kind).
  {
    name: 'cron monitors',
    run: async () => (await import('@/lib/monitors/clock-tasks')).detectMonitorFailures(await failureEvents()),
  },
  // Uptime checks that are due.
  {
    name: 'uptime checks',
    run: async () => (await import('@/lib/monitors/uptime')).runUptimeChecks(await failureEvents()),
  },
  // Integration webhooks' delivery ids past 30 days, remembered against replays (#64).
  {
    name: 'webhook receipts',
    run: async () => (await import('@/lib/integrations/receive-webhook')).pruneWebhookReceipts(),
  },
  // OAuth codes, tokens and never-used clients of the MCP server past their time (#63).
  { name: 'oauth prune', run: async () => (await import('@/lib/oauth/prune')).pruneOAuth() },
  // Profiles' function figures a stopped process stored but did not fold.
  { name: 'profile functions', run: async () => (await import('@/lib/ingest/items/profiles')).foldFunctionHours() },
  // Metric rollups a stopped process stored but did not fold.
  { name: 'metric rollups', run: async () => (await import('@/lib/metrics-store/rollup-fold')).foldMetricRollups() },
];

export async function runMinuteTasks(): Promise<void> {
  for (const task of MINUTE_TASKS) await task.run();
}

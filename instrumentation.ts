// Next.js calls register() once per server process at start: background work starts here.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.DATABASE_URL) return;
  const { startAlertWorkers } = await import('./lib/alerts/workers');
  const { startRetentionJob } = await import('./lib/retention/retention-job');
  const { startAccountWorkers } = await import('./lib/auth/password-reset');
  const { startMinuteJob } = await import('./lib/jobs/minute-job');
  const { startErasureWorker } = await import('./lib/privacy/erasure-job');
  const { startWorkflowWorker } = await import('./lib/workflow/worker');
  const { startWeeklyReportJob } = await import('./lib/reports/weekly-report-job');
  const { stopJobs } = await import('./lib/jobs/boss');
  const { onShutdown } = await import('./lib/shutdown');
  try {
    await startAlertWorkers();
    await startAccountWorkers();
    await startRetentionJob();
    await startMinuteJob();
    await startErasureWorker();
    await startWorkflowWorker();
    await startWeeklyReportJob();
    onShutdown(stopJobs);
    console.log(
      '[jobs] alert delivery, password-reset email workers, the daily retention purge and the minute job (ignore conditions, merge sweep, crash-free alerts, monitors) started',
    );
  } catch (err) {
    // The site keeps serving; deliveries already enqueued wait in PostgreSQL until workers run again.
    console.error('[jobs] could not start the alert workers', err);
  }
}

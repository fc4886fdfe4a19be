// Next.js calls register() once per server process at start: background work starts here, from the composition root.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.DATABASE_URL) return;
  const { startJobs } = await import('./lib/boot/jobs');
  const { stopJobs } = await import('./lib/jobs/boss');
  const { onShutdown } = await import('./lib/shutdown');
  try {
    await startJobs();
    onShutdown(stopJobs);
    console.log(
      '[jobs] alert delivery, password-reset email workers, the daily retention purge and the minute job (ignore conditions, merge sweep, crash-free alerts, monitors) started',
    );
  } catch (err) {
    // The site keeps serving; deliveries already enqueued wait in PostgreSQL until workers run again.
    console.error('[jobs] could not start the alert workers', err);
  }
}

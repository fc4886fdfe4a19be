import { afterAll, beforeAll } from 'vitest';
import { pool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { waitUntil } from './wait';

/** For a test file whose changes notify people (#49): runs the workflow worker, polling fast, for the whole file. */
export function useWorkflowWorker() {
  beforeAll(async () => {
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await startJob(QUEUES.workflow);
  });
  afterAll(() => stopJobs());
}

/** Waits until every workflow job of the issue has run (none waiting, running or due for a retry). */
export async function workflowSettled(issueId: string) {
  await waitUntil(async () => {
    const { rows } = await pool().query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM pgboss.job
       WHERE name = 'workflow' AND data->>'issueId' = $1 AND state IN ('created', 'retry', 'active')`,
      [issueId],
    );
    return rows[0].pending === 0;
  }, 20_000);
}

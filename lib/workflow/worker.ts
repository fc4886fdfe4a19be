// Runs each workflow event's handlers in their registered order. A handler that throws fails the job, and pg-boss
// retries it: every handler must be safe to run twice for one event (a conditional update, a unique key).
import type PgBoss from 'pg-boss';
import { work } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { WORKFLOW_HANDLERS } from './handlers';
import type { WorkflowEvent } from './workflow-events';

export async function runWorkflowEvent(event: WorkflowEvent): Promise<void> {
  for (const h of WORKFLOW_HANDLERS) if (h.on.includes(event.type)) await h.run(event);
}

export async function startWorkflowWorker(): Promise<void> {
  await work<WorkflowEvent>(QUEUES.workflow, { batchSize: 1 }, async (jobs: PgBoss.Job<WorkflowEvent>[]) => {
    for (const job of jobs) await runWorkflowEvent(job.data);
  });
}

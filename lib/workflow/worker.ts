// Runs each workflow event's handlers in their registered order, the events of a batch side by side (a burst of new
// issues is worked off in batches, not one poll per event). A handler that throws fails its event's job alone, and
// pg-boss retries it: every handler must be safe to run twice for one event (a conditional update, a unique key).
import type PgBoss from 'pg-boss';
import { eachJob, work } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { WORKFLOW_HANDLERS } from './handlers';
import type { WorkflowEvent } from './workflow-events';

const BATCH_SIZE = 10;

export async function runWorkflowEvent(event: WorkflowEvent): Promise<void> {
  for (const h of WORKFLOW_HANDLERS) if (h.on.includes(event.type)) await h.run(event);
}

export async function startWorkflowWorker(): Promise<void> {
  await work<WorkflowEvent>(QUEUES.workflow, { batchSize: BATCH_SIZE }, (jobs: PgBoss.Job<WorkflowEvent>[]) =>
    eachJob(QUEUES.workflow, jobs, runWorkflowEvent),
  );
}

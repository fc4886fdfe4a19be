// The seam between ingest and alerting. Ingest calls afterIngest once per stored error event, after its
// commit and before answering. It must stay cheap when no rule can fire and must never throw.
import { evaluateRules, type IngestedError } from './evaluate-rules';
import { logger } from '@/lib/log';
import { projectsListeningForNewIssues } from '@/lib/workflow/listeners';
import { emitWorkflowEvents, type WorkflowEvent } from '@/lib/workflow/workflow-events';

export type { IngestedError };

/**
 * Fires the project's enabled rules the events satisfy and enqueues their deliveries (pg-boss), so
 * delivery happens after the answer. With no enabled rule this is one in-memory lookup.
 */
export async function afterIngest(events: IngestedError[]): Promise<void> {
  try {
    await evaluateRules(events);
  } catch (err) {
    // Alerting must never fail an event that is already stored.
    logger.error({ err }, '[alerts] rule evaluation failed');
  }
  // New and regressed issues for the workflow handlers (auto-assignment, notifications): each offered once, a new
  // one only where something listens for it (lib/workflow/listeners.ts).
  const workflow: WorkflowEvent[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    const type = e.isNewIssue ? 'NEW_ISSUE' : e.isRegression ? 'REGRESSED' : null;
    if (!type || seen.has(`${type} ${e.issueId}`)) continue;
    seen.add(`${type} ${e.issueId}`);
    workflow.push({ type, projectId: e.projectId, issueId: e.issueId });
  }
  const newIssues = workflow.filter((w) => w.type === 'NEW_ISSUE');
  if (newIssues.length) {
    try {
      const listening = await projectsListeningForNewIssues(newIssues.map((w) => w.projectId));
      await emitWorkflowEvents(workflow.filter((w) => w.type !== 'NEW_ISSUE' || listening.has(w.projectId)));
    } catch (err) {
      logger.error({ err }, '[workflow] could not tell which projects listen for new issues');
      await emitWorkflowEvents(workflow);
    }
  } else await emitWorkflowEvents(workflow);
}

// The handlers of workflow events (lib/workflow/workflow-events.ts), run in this order for each event: one line each.
// Auto-assignment comes before notifications, so a new issue's notification can name its owner.
import { notificationsHandler } from '@/lib/notifications/notify-workflow-event';
import { ownershipAssignment } from '@/lib/ownership/auto-assign';
import { suspectCommitAssignment } from '@/lib/suspect-commits/auto-assign';
import { ticketSync } from '@/lib/integrations/ticket-sync';
import { alertResolve } from '@/lib/integrations/alert-resolve';
import type { WorkflowEvent, WorkflowHandler } from '@/lib/workflow/workflow-events';

export const WORKFLOW_HANDLERS: readonly WorkflowHandler[] = [
  ownershipAssignment, // First: the owner by the project's ownership rules and CODEOWNERS (#49).
  suspectCommitAssignment, // After ownership: the suspect commit's author when no owner took the issue.
  ticketSync, // Resolved or regressed: close or reopen the linked tickets (#64).
  alertResolve, // Resolved: resolve the PagerDuty incident, close the Opsgenie alert it paged (#64).
  // Last: notifications name the assignee the handlers above chose.
  notificationsHandler,
];

/**
 * Runs one event's handlers in their order. A handler that throws fails its event's job alone, and pg-boss retries it:
 * every handler must be safe to run twice for one event (a conditional update, a unique key).
 */
export async function runWorkflowEvent(event: WorkflowEvent): Promise<void> {
  for (const h of WORKFLOW_HANDLERS) if (h.on.includes(event.type)) await h.run(event);
}

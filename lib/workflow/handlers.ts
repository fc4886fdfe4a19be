// The handlers of workflow events (./workflow-events.ts), run in this order for each event: one line each.
// Auto-assignment comes before notifications, so a new issue's notification can name its owner.
import { notificationsHandler } from '@/lib/notifications/notify-workflow-event';
import { ownershipAssignment } from '@/lib/ownership/auto-assign';
import { suspectCommitAssignment } from '@/lib/suspect-commits/auto-assign';
import type { WorkflowEvent, WorkflowEventType } from './workflow-events';

export type WorkflowHandler = {
  name: string;
  on: readonly WorkflowEventType[];
  run: (event: WorkflowEvent) => Promise<void>;
};

export const WORKFLOW_HANDLERS: readonly WorkflowHandler[] = [
  ownershipAssignment, // First: the owner by the project's ownership rules and CODEOWNERS (#49).
  suspectCommitAssignment, // After ownership: the suspect commit's author when no owner took the issue.
  // Last: notifications name the assignee the handlers above chose.
  notificationsHandler,
];

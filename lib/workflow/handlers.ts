// The handlers of workflow events (./workflow-events.ts), run in this order for each event: one line each.
// Auto-assignment comes before notifications, so a new issue's notification can name its owner.
import type { WorkflowEvent, WorkflowEventType } from './workflow-events';

export type WorkflowHandler = {
  name: string;
  on: readonly WorkflowEventType[];
  run: (event: WorkflowEvent) => Promise<void>;
};

export const WORKFLOW_HANDLERS: readonly WorkflowHandler[] = [];

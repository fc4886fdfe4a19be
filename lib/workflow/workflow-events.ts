// What happens to an issue that someone may want to hear about (#49): created, assigned, commented on, regressed,
// resolved. Each is a job on the `workflow` queue, run after the change committed by the handlers listed in
// lib/boot/workflow-handlers.ts, in their order (auto-assignment before the notifications that name the assignee).
import crypto from 'node:crypto';
import { getBoss, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { logger } from '@/lib/log';

export type WorkflowEvent = WorkflowEventOf & {
  /** Set when queued, one per event: what a handler keys "done once" on (a retried job carries the same id). */
  id?: string;
};

type WorkflowEventOf =
  /** A new fingerprint in the project made this issue. */
  | { type: 'NEW_ISSUE'; projectId: string; issueId: string }
  /** An event reopened the resolved issue. */
  | { type: 'REGRESSED'; projectId: string; issueId: string }
  /** Assigned (or unassigned, both null) by a person (actorId), a token (null) or automatically (details). */
  | {
      type: 'ASSIGNED';
      projectId: string;
      issueId: string;
      actorId: string | null;
      assigneeUserId: string | null;
      assigneeTeamId: string | null;
      details?: AssignmentDetails;
    }
  | { type: 'COMMENTED'; projectId: string; issueId: string; actorId: string | null; commentId: string }
  /** Resolved now, or in a release (resolvedIn: the release it waits for). */
  | { type: 'RESOLVED'; projectId: string; issueId: string; actorId: string | null; resolvedIn: string | null };

export type WorkflowEventType = WorkflowEvent['type'];

/** What acts on workflow events: a domain exports one, lib/boot/workflow-handlers.ts lists them in order. */
export type WorkflowHandler = {
  name: string;
  on: readonly WorkflowEventType[];
  run: (event: WorkflowEvent) => Promise<void>;
};

/** Why an automatic assignment was made: shown in the activity, and in the assignee's email. */
export type AssignmentDetails = {
  source: 'ownership' | 'codeowners' | 'suspect_commit';
  /** The rule as written (`path:src/billing/* #payments`), for ownership and CODEOWNERS. */
  rule?: string;
  /** The suspect commit. */
  commit?: { sha: string; message: string | null; authorEmail: string | null };
};

/**
 * Queues the events for their handlers. Called after the change committed; a failure is logged, never thrown: the
 * change stands without its notifications.
 */
export async function emitWorkflowEvents(events: WorkflowEvent[]): Promise<void> {
  if (!events.length) return;
  try {
    const boss = await getBoss();
    await boss.insert(events.map((e) => ({ name: QUEUES.workflow, data: { ...e, id: e.id ?? crypto.randomUUID() } })));
    notifyWorkers(QUEUES.workflow);
  } catch (err) {
    logger.error({ err, events: events.map((e) => `${e.type} ${e.issueId}`) }, '[workflow] could not queue events');
  }
}
